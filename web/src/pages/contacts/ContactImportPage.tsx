import { useMemo, useState } from 'react';
import { Button, Card, Checkbox, Flex, List, Result, Select, Space, Spin, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined, CloudDownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { downloadImportTemplate, previewContactsSpreadsheet, saveBlob, uploadContactsSpreadsheet } from '../../api/contacts';
import { toastError, toastSuccess, toastWarning } from '../../errors/toast';
import { validationText } from '../users/zodRule';
import { TEMPLATE_FILE_NAME } from './contactRules';
import {
  allRowsState,
  assignColumn,
  checkImport,
  guessMapping,
  IMPORT_FIELDS,
  isSpreadsheetName,
  previewSource,
  summarizeImport,
  toggleAllRows,
  toImportMapping,
  type ColumnMapping,
  type ImportField,
  type ImportProblem,
  type ImportSummary,
} from './importRules';
import { readXlsx, type SheetPreview } from './xlsxReader';

type Step = 'choose' | 'processing' | 'mapping' | 'importing' | 'done';
type PreviewRow = { key: number; row: number; cells: string[] };
/** The mapping select's "Não importar" entry (columns are numbered from 0). */
const NOT_MAPPED = -1;

/**
 * Contact import page (spec 001 §2, §4, §5): one spreadsheet, column mapping to name, number,
 * email and tags, row checkboxes, 'Validar contatos no WhatsApp', then a created/ignored summary.
 * The sheet is previewed in the browser (xlsx); a legacy .xls, which the browser cannot read, is
 * previewed by the server (POST /contacts/upload/preview), so both get the mapping and the row checkboxes.
 */
export default function ContactImportPage() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({ name: null, number: null, email: null, tags: null });
  const [selected, setSelected] = useState<number[]>([]);
  const [validateContact, setValidateContact] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const problemText = (p: ImportProblem): string => (p.key === 'alreadySelected' ? t('import.errors.alreadySelected', { field: p.field }) : t(`import.errors.${p.key}`));

  const reset = () => {
    setStep('choose');
    setFile(null);
    setPreview(null);
    setSelected([]);
    setSummary(null);
    setMapping({ name: null, number: null, email: null, tags: null });
  };

  const choose = async (f: File) => {
    if (!isSpreadsheetName(f.name)) {
      toastError(t('import.errors.invalidFile'));
      return;
    }
    setStep('processing');
    setFile(f);
    const source = previewSource(f.name);
    let sheet: SheetPreview;
    try {
      sheet = source === 'server' ? await previewContactsSpreadsheet(f, f.name) : await readXlsx(await f.arrayBuffer());
    } catch (err) {
      // The server says why (Arquivo inválido!, too large…); the browser reader only that it cannot read the file.
      toastError(source === 'server' ? err : t('import.errors.invalidFile'));
      reset();
      return;
    }
    if (sheet.headers.length === 0) {
      toastError(t('import.errors.invalidFile'));
      reset();
      return;
    }
    setPreview(sheet);
    setMapping(guessMapping(sheet.headers));
    setSelected(sheet.rows.map((r) => r.row));
    setStep('mapping');
  };

  const onMap = (field: ImportField, column: number | null) => {
    if (!preview) return;
    const { mapping: next, problem } = assignColumn(mapping, field, column, preview.headers);
    if (problem) toastError(problemText(problem));
    setMapping(next);
  };

  const runImport = async () => {
    if (!file) return;
    if (preview) {
      const problem = checkImport(mapping, selected.length);
      if (problem) {
        toastError(problemText(problem));
        return;
      }
    }
    setStep('importing');
    try {
      const result = await uploadContactsSpreadsheet({
        file,
        fileName: file.name,
        mapping: preview ? toImportMapping(mapping) : null,
        rows: preview && selected.length !== preview.rows.length ? [...selected].sort((a, b) => a - b) : null,
        validateContact,
      });
      const s = summarizeImport(result, t('import.row'), 50, {
        fieldLabel: (f) => ((IMPORT_FIELDS as readonly string[]).includes(f) ? t(`import.fields.${f}`) : f),
        messageText: (m) => validationText(m, (key) => t(key, { ns: 'common' })),
      });
      setSummary(s);
      setStep('done');
      if (s.kind === 'success') toastSuccess(t('import.successToast'));
      else toastWarning(t('import.warningToast'));
    } catch (err) {
      toastError(err);
      setStep('mapping');
    }
  };

  const template = async () => {
    try {
      saveBlob(await downloadImportTemplate(), TEMPLATE_FILE_NAME);
    } catch (err) {
      toastError(err);
    }
  };

  const columnOptions = useMemo(() => (preview?.headers ?? []).map((h, i) => ({ value: i, label: h.trim() ? h : t('import.column', { n: i + 1 }) })), [preview, t]);
  const rows: PreviewRow[] = useMemo(() => (preview?.rows ?? []).map((r) => ({ key: r.row, row: r.row, cells: r.cells })), [preview]);
  const tableColumns: ColumnsType<PreviewRow> = useMemo(
    () => [
      { title: t('import.rowColumn'), dataIndex: 'row', width: 70 },
      ...(preview?.headers ?? []).map((h, i) => ({
        title: h.trim() || t('import.column', { n: i + 1 }),
        key: `c${i}`,
        render: (_: unknown, r: PreviewRow) => r.cells[i] ?? '',
      })),
    ],
    [preview, t],
  );

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('import.title')}
        </Typography.Title>
        <Space wrap>
          <Button icon={<CloudDownloadOutlined />} onClick={() => void template()}>
            {t('menu.template')}
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/contacts')}>
            {t('buttons.back')}
          </Button>
        </Space>
      </Flex>

      {step === 'choose' && (
        <Upload.Dragger
          accept=".xls,.xlsx"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            void choose(f);
            return false;
          }}
          aria-label={t('import.drop')}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.dropHint')}</p>
        </Upload.Dragger>
      )}

      {(step === 'processing' || step === 'importing') && (
        <Card>
          <Flex vertical align="center" gap={12}>
            <Spin />
            <Typography.Text>{step === 'processing' ? t('import.processing') : t('import.importing')}</Typography.Text>
          </Flex>
        </Card>
      )}

      {step === 'mapping' && file && (
        <Flex vertical gap={16}>
          <Typography.Text>
            {t('import.file')}: <Typography.Text strong>{file.name}</Typography.Text>
          </Typography.Text>
          {preview && (
            <Card title={t('import.mappingTitle')} size="small">
              <Flex wrap gap={16}>
                {IMPORT_FIELDS.map((field) => (
                  <Flex key={field} vertical gap={4} style={{ minWidth: 200 }}>
                    <label htmlFor={`map-${field}`}>{t(`import.fields.${field}`)}</label>
                    {/* "Não importar" is an entry of its own, so a column mapped by mistake is taken back from the list. */}
                    <Select
                      id={`map-${field}`}
                      value={mapping[field] ?? NOT_MAPPED}
                      onChange={(v: number | undefined) => onMap(field, v === undefined || v === NOT_MAPPED ? null : v)}
                      options={[{ value: NOT_MAPPED, label: t('import.notMapped') }, ...columnOptions]}
                      aria-label={t(`import.fields.${field}`)}
                    />
                  </Flex>
                ))}
              </Flex>
            </Card>
          )}
          <Checkbox checked={validateContact} onChange={(e) => setValidateContact(e.target.checked)}>
            {t('import.validateContact')}
          </Checkbox>
          {preview && (
            <>
              <Typography.Text type="secondary">{t('import.selectedCount', { selected: selected.length, total: preview.rows.length })}</Typography.Text>
              <Table<PreviewRow>
                size="small"
                rowKey="key"
                columns={tableColumns}
                dataSource={rows}
                scroll={{ x: 'max-content' }}
                pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  // The header checkbox selects or clears every row of the sheet, not only the page shown.
                  columnTitle: (
                    <Checkbox
                      {...allRowsState(selected.length, preview.rows.length)}
                      disabled={preview.rows.length === 0}
                      onChange={() => setSelected(toggleAllRows(selected, preview.rows))}
                      aria-label={t('import.selectAll')}
                    />
                  ),
                }}
              />
            </>
          )}
          <Space wrap>
            <Button type="primary" onClick={() => void runImport()}>
              {t('import.submit')}
            </Button>
            <Button onClick={reset}>{t('buttons.cancel')}</Button>
          </Space>
        </Flex>
      )}

      {step === 'done' && summary && (
        <Result
          status={summary.kind === 'success' ? 'success' : 'warning'}
          title={t('import.doneTitle')}
          subTitle={t('import.summary', { created: summary.created, ignored: summary.ignored }) + ' · ' + t('import.total', { total: summary.total })}
          extra={[
            <Button key="again" onClick={reset}>
              {t('import.again')}
            </Button>,
            <Button key="back" type="primary" onClick={() => navigate('/contacts')}>
              {t('buttons.back')}
            </Button>,
          ]}
        >
          {summary.issues.length > 0 && (
            <List size="small" header={<Typography.Text strong>{t('import.ignoredRows')}</Typography.Text>} dataSource={summary.issues} renderItem={(line) => <List.Item>{line}</List.Item>} />
          )}
        </Result>
      )}
    </Flex>
  );
}
