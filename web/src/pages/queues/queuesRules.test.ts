import { describe, expect, it } from 'vitest';
import { createQueueBody, queueRotationTimes, updateQueueBody, type ChatbotOption, type Queue, type QueueDetail } from '@atende/kit/contracts';
import { selectorOptions } from '../../api/queues';
import { buildResources } from '../../i18n/resources';
import {
  addOption,
  applyQueueEvent,
  blankOption,
  chatbotChanged,
  canNest,
  colorProblem,
  countOptions,
  cutText,
  defaultQueueSchedules,
  filterQueues,
  fromApiOptions,
  greetingProblem,
  isQueueEvent,
  issuePlace,
  moveOption,
  nameProblem,
  optionFieldPath,
  optionLabel,
  optionProblems,
  OPTION_TYPES,
  pickerColor,
  PROBLEMS,
  queueFormProblems,
  queueFormValues,
  queueSchedules,
  removeOption,
  rotationProblem,
  schedulesValid,
  serverIssues,
  sortQueues,
  toApiOptions,
  toQueueBody,
  updateOption,
  type OptionDraft,
} from './queuesRules';

const queue = (id: number, over: Partial<Queue> = {}): Queue => ({
  id,
  companyId: 1,
  name: `Fila ${id}`,
  color: `#00000${id}`,
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
  tempoRoteador: 0,
  ativarRoteador: false,
  integrationId: null,
  fileListId: null,
  closeTicket: false,
  schedules: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

const stored = (id: number, over: Partial<ChatbotOption> = {}): ChatbotOption => ({
  id,
  queueId: 1,
  parentId: null,
  name: `Opção ${id}`,
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  orderOption: 0,
  options: [],
  ...over,
});

const keys = () => {
  let n = 0;
  return () => `k${++n}`;
};

const draft = (over: Partial<OptionDraft> = {}): OptionDraft => ({ ...blankOption(keys()), name: 'Vendas', ...over });

describe('queue form checks (as the server)', () => {
  it('name: required, 2 to 50 characters, unique ignoring case', () => {
    expect(nameProblem('')).toBe('required');
    expect(nameProblem('   ')).toBe('required');
    expect(nameProblem('a')).toBe('tooShort');
    expect(nameProblem('ab')).toBeNull();
    expect(nameProblem('a'.repeat(50))).toBeNull();
    expect(nameProblem('a'.repeat(51))).toBe('tooLong');
    expect(nameProblem(' vendas ', [queue(1, { name: 'Vendas' })])).toBe('nameTaken');
  });
  it('colour: required, 3 to 9 characters, not used by another queue', () => {
    expect(colorProblem('')).toBe('required');
    expect(colorProblem('#a')).toBe('tooShort');
    expect(colorProblem('#fff')).toBeNull();
    expect(colorProblem('#AABBCCDD')).toBeNull();
    expect(colorProblem('#AABBCCDDE')).toBe('tooLong');
    expect(colorProblem('#abcdef', [queue(1, { color: '#ABCDEF' })])).toBe('colorTaken');
  });
  it('greeting: required only when there is more than one queue', () => {
    expect(greetingProblem('', 0)).toBeNull();
    expect(greetingProblem('', 1)).toBe('greetingRequired');
    expect(greetingProblem('  \n', 2)).toBe('greetingRequired');
    expect(greetingProblem('Olá!', 2)).toBeNull();
  });
  it('rotation: the times 2, 5, 10, 15, 30, 45 and 60 minutes, one needed when it is on', () => {
    expect(queueRotationTimes).toEqual([2, 5, 10, 15, 30, 45, 60]);
    expect(rotationProblem(false, 0)).toBeNull();
    expect(rotationProblem(true, 0)).toBe('rotationTime');
    expect(rotationProblem(true, 7)).toBe('rotationTime');
    expect(rotationProblem(true, 15)).toBeNull();
  });
  it('the queue being edited does not count against itself', () => {
    const own = queue(1, { name: 'Vendas', color: '#111' });
    const values = queueFormValues(own, '');
    expect(queueFormProblems(values, { id: 1, queues: [own] })).toEqual({});
    // A second queue: its greeting becomes required; the same name and colour are taken.
    expect(queueFormProblems({ ...values }, { id: null, queues: [own] })).toEqual({
      name: 'nameTaken',
      color: 'colorTaken',
      greetingMessage: 'greetingRequired',
    });
  });
  it('a new queue starts empty with the given colour and no rotation', () => {
    expect(queueFormValues(null, '#123456')).toEqual({
      name: '',
      color: '#123456',
      orderQueue: null,
      greetingMessage: '',
      outOfHoursMessage: '',
      ativarRoteador: false,
      tempoRoteador: 0,
      closeTicket: false,
      integrationId: null,
      fileListId: null,
    });
  });
});

describe('chatbot menu checks', () => {
  it('option names are required with at least 4 characters', () => {
    expect(optionProblems([draft({ name: '' }), draft({ name: 'abc' }), draft({ name: 'abcd' })])).toEqual({
      'chatbots.0.name': 'required',
      'chatbots.1.name': 'optionNameShort',
    });
  });
  it('a message is required to go to the next level', () => {
    const tree = [draft({ options: [draft({ name: 'Segunda via' })] })];
    expect(optionProblems(tree)).toEqual({ 'chatbots.0.greetingMessage': 'nextLevelMessage' });
    expect(optionProblems([{ ...tree[0]!, greetingMessage: 'Escolha:' }])).toEqual({});
  });
  it('each type names its target', () => {
    const tree = [
      draft({ queueType: 'queue' }),
      draft({ queueType: 'attendent' }),
      draft({ queueType: 'integration' }),
      draft({ queueType: 'file' }),
      draft({ queueType: 'queue', optQueueId: 3 }),
    ];
    expect(optionProblems(tree)).toEqual({
      'chatbots.0.optQueueId': 'targetRequired',
      'chatbots.1.optUserId': 'targetRequired',
      'chatbots.2.optIntegrationId': 'targetRequired',
      'chatbots.3.optFileId': 'targetRequired',
    });
  });
  it('names problems of nested options by their path', () => {
    const tree = [draft({ greetingMessage: 'Menu', options: [draft(), draft({ greetingMessage: 'Sub', options: [draft({ name: 'x' })] })] })];
    expect(optionProblems(tree)).toEqual({ 'chatbots.0.options.1.options.0.name': 'optionNameShort' });
    expect(optionFieldPath([0, 1, 0])).toBe('chatbots.0.options.1.options.0');
    expect(optionLabel([0, 1, 0])).toBe('1.2.1');
  });
  it('at most 5 levels and 50 options per level', () => {
    let deep: OptionDraft[] = [draft({ greetingMessage: 'm' })];
    for (let i = 0; i < 5; i++) deep = [draft({ greetingMessage: 'm', options: deep })];
    expect(Object.values(optionProblems(deep))).toContain('tooDeep');
    expect(canNest([0, 0, 0, 0])).toBe(true);
    expect(canNest([0, 0, 0, 0, 0])).toBe(false);
    const wide = Array.from({ length: 51 }, () => draft());
    expect(optionProblems(wide)).toEqual({ chatbots: 'tooMany' });
  });
});

describe('chatbot tree ⇄ API body', () => {
  const menu: ChatbotOption[] = [
    stored(2, { orderOption: 1, name: 'Financeiro', queueType: 'attendent', optUserId: 7 }),
    stored(1, {
      orderOption: 0,
      name: 'Comercial',
      greetingMessage: 'Escolha:',
      options: [
        stored(4, { parentId: 1, orderOption: 1, name: 'Outros', queueType: 'queue', optQueueId: 9 }),
        stored(3, { parentId: 1, orderOption: 0, name: 'Planos' }),
      ],
    }),
  ];

  it('reads the stored menu in menu order, nested', () => {
    const tree = fromApiOptions(menu, keys());
    expect(tree.map((o) => o.name)).toEqual(['Comercial', 'Financeiro']);
    expect(tree[0]!.options.map((o) => [o.id, o.name])).toEqual([
      [3, 'Planos'],
      [4, 'Outros'],
    ]);
    expect(new Set([tree[0]!.key, tree[1]!.key, tree[0]!.options[0]!.key]).size).toBe(3);
    expect(countOptions(tree)).toBe(4);
  });
  it('writes the whole menu: ids kept, order by position, only the target of the type, children always sent', () => {
    const tree = updateOption(fromApiOptions(menu, keys()), [1], { optQueueId: 5 }); // a stray target of another type
    const body = toApiOptions(tree);
    expect(body).toEqual([
      {
        id: 1,
        name: 'Comercial',
        greetingMessage: 'Escolha:',
        queueType: 'text',
        closeTicket: false,
        optQueueId: null,
        optUserId: null,
        optIntegrationId: null,
        optFileId: null,
        options: [
          {
            id: 3,
            name: 'Planos',
            greetingMessage: '',
            queueType: 'text',
            closeTicket: false,
            optQueueId: null,
            optUserId: null,
            optIntegrationId: null,
            optFileId: null,
            options: [],
          },
          {
            id: 4,
            name: 'Outros',
            greetingMessage: '',
            queueType: 'queue',
            closeTicket: false,
            optQueueId: 9,
            optUserId: null,
            optIntegrationId: null,
            optFileId: null,
            options: [],
          },
        ],
      },
      {
        id: 2,
        name: 'Financeiro',
        greetingMessage: '',
        queueType: 'attendent',
        closeTicket: false,
        optQueueId: null,
        optUserId: 7,
        optIntegrationId: null,
        optFileId: null,
        options: [],
      },
    ]);
  });
  it('new options go without an id; names are trimmed', () => {
    const [option] = toApiOptions([draft({ name: '  Suporte  ' })]);
    expect(option).not.toHaveProperty('id');
    expect(option!.name).toBe('Suporte');
  });
  it('round-trips a stored menu', () => {
    // What was sent, read back as the server stores it (order = position).
    const asStored = (inputs: ReturnType<typeof toApiOptions>): ChatbotOption[] =>
      inputs.map((o, i) => ({ ...stored(o.id ?? 0), ...o, id: o.id ?? 0, orderOption: i, options: asStored(o.options ?? []) }));
    const sent = toApiOptions(fromApiOptions(menu, keys()));
    expect(toApiOptions(fromApiOptions(asStored(sent), keys()))).toEqual(sent);
  });
});

describe('editing the tree', () => {
  const base = () => [draft({ name: 'Um' }), draft({ name: 'Dois' }), draft({ name: 'Três' })];

  it('adds options at the end of a level, nested under a parent', () => {
    const next = keys();
    let tree = addOption([], [], next);
    tree = addOption(tree, [0], next);
    tree = addOption(tree, [0, 0], next);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.options[0]!.options).toHaveLength(1);
    expect(tree[0]!.options[0]!.options[0]).toMatchObject({ id: null, name: '', queueType: 'text', options: [] });
  });
  it('removes an option with its sub-options', () => {
    const tree = [draft({ name: 'Um', options: [draft({ name: 'Sub' })] }), draft({ name: 'Dois' })];
    expect(removeOption(tree, [0]).map((o) => o.name)).toEqual(['Dois']);
    expect(removeOption(tree, [0, 0])[0]!.options).toEqual([]);
  });
  it('moves an option among its siblings, not past the ends', () => {
    expect(moveOption(base(), [0], 1).map((o) => o.name)).toEqual(['Dois', 'Um', 'Três']);
    expect(moveOption(base(), [2], -1).map((o) => o.name)).toEqual(['Um', 'Três', 'Dois']);
    expect(moveOption(base(), [0], -1).map((o) => o.name)).toEqual(['Um', 'Dois', 'Três']);
    expect(moveOption(base(), [2], 1).map((o) => o.name)).toEqual(['Um', 'Dois', 'Três']);
  });
  it('a new type drops the targets of the others', () => {
    const tree = [draft({ queueType: 'queue', optQueueId: 3 })];
    expect(updateOption(tree, [0], { queueType: 'attendent', optUserId: 8 })[0]).toMatchObject({ queueType: 'attendent', optQueueId: null, optUserId: 8 });
    expect(updateOption(tree, [0], { name: 'Vendas 2' })[0]).toMatchObject({ name: 'Vendas 2', optQueueId: 3 });
  });
  it('does not change the tree it was given', () => {
    const tree = base();
    const copy = structuredClone(tree);
    addOption(tree, [1]);
    removeOption(tree, [0]);
    moveOption(tree, [0], 1);
    updateOption(tree, [0], { name: 'X' });
    expect(tree).toEqual(copy);
  });
});

describe('schedules', () => {
  it('default to 08:00-12:00 and 13:00-18:00 every weekday', () => {
    const days = defaultQueueSchedules();
    expect(days.map((d) => d.weekdayEn)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    for (const d of days) expect(d).toMatchObject({ startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' });
    expect(days[0]!.weekday).toBe('Segunda-feira');
  });
  it('a stored schedule is completed to the seven days; none gives the defaults', () => {
    expect(queueSchedules(null)).toEqual(defaultQueueSchedules());
    expect(queueSchedules([])).toEqual(defaultQueueSchedules());
    const friday = { weekday: 'Sexta-feira', weekdayEn: 'friday', startTimeA: '09:00', endTimeA: '11:00', startTimeB: '', endTimeB: '' };
    const week = queueSchedules([friday]);
    expect(week).toHaveLength(7);
    expect(week[4]).toEqual(friday);
    expect(week[0]!.startTimeA).toBe('08:00');
  });
  it('a shift needs both ends, the end after the start', () => {
    expect(schedulesValid(defaultQueueSchedules())).toBe(true);
    const [monday, ...rest] = defaultQueueSchedules();
    expect(schedulesValid([{ ...monday!, endTimeA: '' }, ...rest])).toBe(false);
    expect(schedulesValid([{ ...monday!, endTimeA: '07:00' }, ...rest])).toBe(false);
    expect(schedulesValid([{ ...monday!, startTimeB: '', endTimeB: '' }, ...rest])).toBe(true);
  });
});

describe('request body', () => {
  const values = { ...queueFormValues(null, '#FF0000'), name: ' Vendas ', greetingMessage: 'Olá', ativarRoteador: true, tempoRoteador: 10 };
  const menu = [draft({ name: 'Comercial', greetingMessage: 'Escolha', options: [draft({ name: 'Planos', queueType: 'attendent', optUserId: 4 })] })];

  it('is what POST /queue and PUT /queue/:id accept, schedules and menu included', () => {
    const body = toQueueBody(values, menu, defaultQueueSchedules());
    expect(body).toMatchObject({ name: 'Vendas', color: '#FF0000', greetingMessage: 'Olá', ativarRoteador: true, tempoRoteador: 10, orderQueue: null });
    expect(body.schedules).toHaveLength(7);
    expect(body.chatbots?.[0]?.options?.[0]).toMatchObject({ name: 'Planos', queueType: 'attendent', optUserId: 4 });
    const created = createQueueBody.safeParse(body);
    expect(created.success, JSON.stringify(created.error?.issues)).toBe(true);
    expect(updateQueueBody.safeParse(body).success).toBe(true);
  });
  it('an empty order goes as null, a number as a number', () => {
    expect(toQueueBody({ ...values, orderQueue: '' as unknown as null }, [], []).orderQueue).toBeNull();
    expect(toQueueBody({ ...values, orderQueue: 3 }, [], []).orderQueue).toBe(3);
  });
});

describe('the list', () => {
  it('sorts as the server: order (empty last), name, id', () => {
    const list = [queue(1, { name: 'B' }), queue(2, { name: 'A', orderQueue: 2 }), queue(3, { name: 'C', orderQueue: 1 }), queue(4, { name: 'A' })];
    expect(sortQueues(list).map((q) => q.id)).toEqual([3, 2, 4, 1]);
  });
  it('live events insert, replace and remove rows; a saved detail drops its menu', () => {
    let list = [queue(1, { name: 'A' })];
    list = applyQueueEvent(list, { action: 'create', queue: queue(2, { name: 'B' }) });
    expect(list.map((q) => q.id)).toEqual([1, 2]);
    const detail: QueueDetail = { ...queue(2, { name: '0 primeiro' }), chatbots: [stored(1)] };
    list = applyQueueEvent(list, { action: 'update', queue: detail });
    expect(list.map((q) => q.id)).toEqual([2, 1]);
    expect(list[0]).not.toHaveProperty('chatbots');
    list = applyQueueEvent(list, { action: 'delete', queueId: 2 });
    expect(list.map((q) => q.id)).toEqual([1]);
  });
  it('knows a queue event when it sees one', () => {
    expect(isQueueEvent({ action: 'update', queue: queue(1) })).toBe(true);
    expect(isQueueEvent({ action: 'delete', queueId: 3 })).toBe(true);
    expect(isQueueEvent({ action: 'delete' })).toBe(false);
    expect(isQueueEvent({ action: 'create' })).toBe(false);
    expect(isQueueEvent(null)).toBe(false);
  });
  it('searches names, colours and greetings', () => {
    const list = [queue(1, { name: 'Vendas' }), queue(2, { name: 'Suporte', greetingMessage: 'Bem-vindo às vendas' }), queue(3, { name: 'RH' })];
    expect(filterQueues(list, ' VENDAS ').map((q) => q.id)).toEqual([1, 2]);
    expect(filterQueues(list, '').map((q) => q.id)).toEqual([1, 2, 3]);
  });
  it('cuts the greeting to one line', () => {
    expect(cutText('Olá\n  mundo')).toBe('Olá mundo');
    expect(cutText('x'.repeat(61))).toBe(`${'x'.repeat(57)}...`);
    expect(cutText('x'.repeat(60))).toBe('x'.repeat(60));
    expect(cutText(null)).toBe('');
  });
  it('gives the picker only colours it can show', () => {
    expect(pickerColor('#ABC')).toBe('#ABC');
    expect(pickerColor('#aabbcc')).toBe('#aabbcc');
    expect(pickerColor('red')).toBeUndefined();
    expect(pickerColor('')).toBeUndefined();
  });
});

describe('server errors onto the form', () => {
  const answer = (data: unknown) => ({ response: { status: 400, data } });

  it('puts the colour, name and greeting codes on their fields', () => {
    expect(serverIssues(answer({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS', fields: [{ field: 'color', message: 'Cor já utilizada' }] }))).toEqual([
      { field: 'color', problem: 'colorTaken', text: '' },
    ]);
    expect(serverIssues(answer({ error: 'ERR_WAPP_GREETING_REQUIRED', message: 'x' }))).toEqual([
      { field: 'greetingMessage', problem: 'greetingRequired', text: '' },
    ]);
    expect(serverIssues(answer({ error: 'ERR_DUPLICATED_NAME' }))).toEqual([{ field: 'name', problem: 'nameTaken', text: '' }]);
  });
  it('maps validation answers field by field, keeping unknown texts', () => {
    const issues = serverIssues(
      answer({
        error: 'ERR_VALIDATION',
        fields: [
          { field: 'name', message: 'Too Short!' },
          { field: 'chatbots.0.options.1.name', message: 'Too Short!' },
          { field: 'chatbots.0.greetingMessage', message: 'A message is required to go to the next level' },
          { field: 'tempoRoteador', message: 'must be one of 0, 2, 5' },
        ],
      }),
    );
    expect(issues).toEqual([
      { field: 'name', problem: 'tooShort', text: 'Too Short!' },
      { field: 'chatbots.0.options.1.name', problem: 'optionNameShort', text: 'Too Short!' },
      { field: 'chatbots.0.greetingMessage', problem: 'nextLevelMessage', text: 'A message is required to go to the next level' },
      { field: 'tempoRoteador', problem: null, text: 'must be one of 0, 2, 5' },
    ]);
    expect(serverIssues(new Error('network'))).toEqual([]);
  });
  it('tells which part of the dialog shows a field', () => {
    expect(issuePlace('color')).toBe('form');
    expect(issuePlace('chatbots')).toBe('options');
    expect(issuePlace('chatbots.2.options.0.optUserId')).toBe('options');
    expect(issuePlace('schedules.3.startTimeA')).toBe('schedules');
  });
});

describe('selectors of other services', () => {
  it('reads { queueIntegrations }, { files } or a plain list, keeping entries with an id', () => {
    expect(selectorOptions({ queueIntegrations: [{ id: 1, name: 'Typebot' }, { name: 'no id' }, null] }, 'queueIntegrations')).toEqual([
      { id: 1, name: 'Typebot' },
    ]);
    expect(selectorOptions({ files: [{ id: 2 }] }, 'files')).toEqual([{ id: 2, name: '#2' }]);
    expect(selectorOptions([{ id: 3, name: 'Lista' }], 'files')).toEqual([{ id: 3, name: 'Lista' }]);
    expect(selectorOptions('<html>', 'files')).toEqual([]);
  });
});

describe('texts', () => {
  const resources = buildResources(import.meta.glob('../../locales/*/queues.json', { eager: true }));
  it.each(['pt-BR', 'en', 'es'])('%s names every problem and option type', (lang) => {
    const texts = resources[lang]?.queues as { validation: Record<string, string>; chatbot: { types: Record<string, string> } };
    for (const problem of PROBLEMS) expect(texts.validation[problem], problem).toBeTruthy();
    for (const type of OPTION_TYPES) expect(texts.chatbot.types[type], type).toBeTruthy();
  });
});

describe("the save's 'Bot saved successfully' (spec 001 §8)", () => {
  it('says so only when the chatbot menu changed', () => {
    let n = 0;
    const key = () => `k${++n}`;
    const opened = [{ ...blankOption(key), id: 5, name: 'Agendar' }];
    expect(
      chatbotChanged(
        opened,
        opened.map((o) => ({ ...o, key: 'other' })),
      ),
    ).toBe(false);
    expect(chatbotChanged(opened, [{ ...opened[0]!, name: 'Agendar consulta' }])).toBe(true);
    expect(chatbotChanged(opened, [])).toBe(true);
    expect(chatbotChanged([], [blankOption(key)])).toBe(true);
    expect(chatbotChanged([], [])).toBe(false);
  });
});
