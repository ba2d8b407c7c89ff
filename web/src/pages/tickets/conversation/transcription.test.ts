import { describe, expect, it } from 'vitest';
import { canTranscribe, storedTranscription, transcriptionOf } from './transcription';

describe('audio transcription', () => {
  it('is offered on received audio only', () => {
    expect(canTranscribe({ mediaType: 'audio', fromMe: false, isDeleted: false })).toBe(true);
    expect(canTranscribe({ mediaType: 'audio', fromMe: true, isDeleted: false })).toBe(false);
    expect(canTranscribe({ mediaType: 'audio', fromMe: false, isDeleted: true })).toBe(false);
    expect(canTranscribe({ mediaType: 'video', fromMe: false, isDeleted: false })).toBe(false);
  });

  it('shows the stored text of a transcribed message', () => {
    expect(storedTranscription({ transcrito: true, transcription: 'Bom dia' })).toBe('Bom dia');
    expect(storedTranscription({ transcrito: false, transcription: null })).toBeNull();
    expect(storedTranscription({ transcrito: true, transcription: null })).toBeNull();
  });

  it("reads the answer's text; silence is an empty text, a missing one none", () => {
    expect(transcriptionOf({ transcription: ' Olá. ' })).toBe('Olá.');
    expect(transcriptionOf({ transcription: '' })).toBe('');
    expect(transcriptionOf({})).toBeNull();
    expect(transcriptionOf(null)).toBeNull();
  });
});
