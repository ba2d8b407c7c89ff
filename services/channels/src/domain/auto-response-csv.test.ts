import { describe, expect, it } from 'vitest';
import { AppError } from '@atende/kit';
import { autoResponsesCsv, csvField, decodeCsv, detectSeparator, parseCsv, planCsvImport, type CsvRule } from './auto-response-csv.js';

const HEADER = 'name,keywords,similarWords,response,priority,isActive,timeRestriction,startTime,endTime,daysOfWeek,outsideHoursMessage,usageCount';
const rule = (fields: Partial<CsvRule> = {}): CsvRule => ({
  name: 'Horário',
  keywords: ['horário', 'hora'],
  similarWords: ['funciona'],
  response: 'Das 8h às 18h, "de segunda a sexta".',
  priority: 5,
  isActive: true,
  timeRestriction: true,
  startTime: '08:00',
  endTime: '18:00',
  daysOfWeek: [1, 2, 3, 4, 5],
  outsideHoursMessage: 'Fora do horário,\nvoltamos amanhã.',
  usageCount: 12,
  ...fields,
});
const csv = (text: string) => Buffer.from(text, 'utf8');

describe('CSV text', () => {
  it('quotes fields holding separators, quotes or line breaks', () => {
    expect(csvField('simples')).toBe('simples');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField('linha\nduas')).toBe('"linha\nduas"');
  });
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+55 11')).toBe("'+55 11");
  });
  it('parses quoted fields with separators, doubled quotes and line breaks, any line ending, and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b,c","d ""e"""\r\n"f\ng",h\ri,j\n', ',')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['f\ng', 'h'],
      ['i', 'j'],
    ]);
    expect(parseCsv('a,b', ',')).toEqual([['a', 'b']]);
    expect(parseCsv('a,', ',')).toEqual([['a', '']]);
  });
  it('detects the separator Excel used (comma, semicolon or tab), ignoring quoted text', () => {
    expect(detectSeparator('name;keywords;response\n')).toBe(';');
    expect(detectSeparator('"a;b;c",x,y\n')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('single')).toBe(',');
  });
  it('decodes UTF-8, falls back to Windows-1252 and refuses binary files', () => {
    expect(decodeCsv(Buffer.from('preço', 'utf8'))).toBe('preço');
    expect(decodeCsv(Buffer.from([0x70, 0x72, 0x65, 0xe7, 0x6f]))).toBe('preço');
    expect(() => decodeCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toThrow(AppError);
  });
});

describe('autoResponsesCsv (export)', () => {
  it('writes a BOM, the header, lists joined by "; ", pt-BR priority and Sim/Não flags', () => {
    const text = autoResponsesCsv([rule(), rule({ name: 'Baixa', priority: 1, isActive: false, timeRestriction: false, outsideHoursMessage: null, similarWords: [] })]);
    expect(text.startsWith('\uFEFF' + HEADER + '\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[1]).toEqual(['Horário', 'horário; hora', 'funciona', 'Das 8h às 18h, "de segunda a sexta".', 'alta', 'Sim', 'Sim', '08:00', '18:00', '1; 2; 3; 4; 5', 'Fora do horário,\nvoltamos amanhã.', '12']);
    expect(rows[2]).toEqual(['Baixa', 'horário; hora', '', 'Das 8h às 18h, "de segunda a sexta".', 'baixa', 'Não', 'Não', '08:00', '18:00', '1; 2; 3; 4; 5', '', '12']);
  });
});

describe('planCsvImport', () => {
  it('reads back what the export wrote (usage is not imported)', () => {
    const plan = planCsvImport(Buffer.from(autoResponsesCsv([rule()]), 'utf8'));
    expect(plan.total).toBe(1);
    expect(plan.issues).toEqual([]);
    expect(plan.rules[0]).toEqual({
      row: 2,
      body: {
        name: 'Horário', keywords: ['horário', 'hora'], similarWords: ['funciona'], response: 'Das 8h às 18h, "de segunda a sexta".', priority: 5, isActive: true,
        timeRestriction: true, startTime: '08:00', endTime: '18:00', daysOfWeek: [1, 2, 3, 4, 5], outsideHoursMessage: 'Fora do horário,\nvoltamos amanhã.',
      },
    });
  });

  it('maps alta/high, média/medium, baixa/low to 5/3/1; only "Sim" (or yes/true) turns a flag on', () => {
    const plan = planCsvImport(
      csv(`${HEADER}\nA,a,,ra,high,Sim,Não,,,,,\nB,b,,rb,média,não,,,,,,\nC,c,,rc,Baixa,yes,,,,,,\nD,d,,rd,,Sim,,,,,,`),
    );
    expect(plan.rules.map((r) => [r.body.name, r.body.priority, r.body.isActive, r.body.timeRestriction])).toEqual([
      ['A', 5, true, false],
      ['B', 3, false, false],
      ['C', 1, true, false],
      ['D', 3, true, false],
    ]);
  });

  it('reads semicolon files saved by Excel in Windows-1252, with Portuguese headers and 9:00 style times', () => {
    const text = 'Nome;Palavras-chave;Resposta;Prioridade;Ativo;Restrição de horário;Início;Fim;Dias\nPreço;preço| valor;Veja o site;Alta;Sim;Sim;8:00;18;1,2,3\n';
    const bytes = Buffer.from([...text].map((ch) => ch.charCodeAt(0)));
    const plan = planCsvImport(bytes);
    expect(plan.issues).toEqual([]);
    expect(plan.rules[0]?.body).toMatchObject({ name: 'Preço', keywords: ['preço', 'valor'], priority: 5, timeRestriction: true, startTime: '08:00', endTime: '18:00', daysOfWeek: [1, 2, 3] });
  });

  it('counts bad rows as issues with their row number and field, keeping the good ones', () => {
    const plan = planCsvImport(csv(`${HEADER}\n,a,,r,alta,Sim,,,,,,\nOk,ok,,r,alta,Sim,,,,,,\nSem palavra,,,r,alta,Sim,,,,,,\nPrio,p,,r,urgente,Sim,,,,,,\nJanela,j,,r,alta,Sim,Sim,10:00,10:00,1,,`));
    expect(plan.total).toBe(5);
    expect(plan.rules.map((r) => r.body.name)).toEqual(['Ok']);
    expect(plan.issues.map((i) => [i.row, i.field])).toEqual([
      [2, 'name'],
      [4, 'keywords'],
      [5, 'priority'],
      [6, 'endTime'],
    ]);
  });

  it('refuses a file without the required columns, an empty file and a binary file as "Arquivo inválido!"', () => {
    for (const data of [csv('foo,bar\n1,2'), csv(''), csv('\n\n'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0])]) {
      expect(() => planCsvImport(data)).toThrow(expect.objectContaining({ code: 'ERR_IMPORT_INVALID_FILE' }));
    }
  });

  it('refuses more than 1000 rows', () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `R${i},k,,r,alta,Sim,,,,,,`).join('\n');
    expect(() => planCsvImport(csv(`${HEADER}\n${rows}`))).toThrow(expect.objectContaining({ code: 'ERR_VALIDATION' }));
  });

  it('reads defused formulas back without the apostrophe', () => {
    const plan = planCsvImport(Buffer.from(autoResponsesCsv([rule({ name: '=Promo', response: '-10% hoje' })]), 'utf8'));
    expect(plan.rules[0]?.body).toMatchObject({ name: '=Promo', response: '-10% hoje' });
  });
});
