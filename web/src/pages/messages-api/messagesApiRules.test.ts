import { describe, expect, it } from 'vitest';
import { apiSendBody } from '@atende/kit/contracts';
import { apiEndpoint, describeAnswer, jsonCurl, jsonExample, multipartCurl, testFormProblems } from './messagesApiRules';

describe('messages API documentation', () => {
  it('points at /api/messages/send on the app origin', () => {
    expect(apiEndpoint('https://atende.example.com/')).toBe('https://atende.example.com/api/messages/send');
  });
  it('documents a JSON body the server accepts, with every field', () => {
    expect(apiSendBody.safeParse(jsonExample).success).toBe(true);
    expect(Object.keys(jsonExample).sort()).toEqual(['body', 'closeTicket', 'number', 'queueId', 'sendSignature', 'userId']);
  });
  it('sends files in the medias field', () => {
    const examples = { body: "It's confirmed", caption: 'Here is the document', file: '/path/to/file.pdf' };
    expect(multipartCurl('https://x/api/messages/send', examples)).toContain("-F 'medias=@/path/to/file.pdf'");
    expect(multipartCurl('https://x/api/messages/send', examples)).toContain("-F 'body=Here is the document'");
    // The text in the screen's language, its quote kept inside the shell's single quotes.
    expect(jsonCurl('https://x/api/messages/send', examples)).toContain(`"body":"It'\\''s confirmed"`);
  });
});

describe('test form (spec 001 §5)', () => {
  it('requires token, number and body', () => {
    expect(testFormProblems({ token: '', number: '', body: ' ', hasFile: false })).toEqual({ token: 'tokenRequired', number: 'numberRequired', body: 'bodyRequired' });
  });
  it('refuses a masked number', () => {
    expect(testFormProblems({ token: 't', number: '+55 (11) 99999-9999', body: 'hi', hasFile: false }).number).toBe('numberDigits');
    expect(testFormProblems({ token: 't', number: '5511999999999', body: 'hi', hasFile: true })).toEqual({});
  });
  it('the media test needs a file besides its caption; the text test needs none', () => {
    expect(testFormProblems({ token: 't', number: '5511999999999', body: 'Segue o documento', hasFile: false, kind: 'media' })).toEqual({ media: 'mediaRequired' });
    expect(testFormProblems({ token: 't', number: '5511999999999', body: '', hasFile: true, kind: 'media' })).toEqual({ body: 'bodyRequired' });
    expect(testFormProblems({ token: 't', number: '5511999999999', body: 'Segue', hasFile: true, kind: 'media' })).toEqual({});
    expect(testFormProblems({ token: 't', number: '5511999999999', body: 'Olá', hasFile: false, kind: 'text' })).toEqual({});
  });
  it('shows the answer with its status', () => {
    expect(describeAnswer(200, { ok: true })).toEqual({ ok: true, text: 'HTTP 200\n{\n  "ok": true\n}' });
    expect(describeAnswer(403, { error: 'ERR_INVALID_TOKEN' }).ok).toBe(false);
  });
});
