import { describe, expect, it } from 'vitest';
import { captionFor, fileNameFor, keyExtension } from './file-list-runtime.js';

describe('a file list file as the contact receives it', () => {
  it('keeps the stored file\'s extension', () => {
    expect(keyExtension('company1/file-lists/0b5c.pdf')).toBe('pdf');
    expect(keyExtension('company1/file-lists/0b5c.JPG')).toBe('jpg');
    expect(keyExtension('company1/file-lists/0b5c')).toBe('bin');
  });

  it("is named after its option, the extension added once, without path characters", () => {
    expect(fileNameFor('Tabela de preços', 'pdf')).toBe('Tabela de preços.pdf');
    expect(fileNameFor('tabela.PDF', 'pdf')).toBe('tabela.PDF');
    expect(fileNameFor('../../etc/passwd', 'txt')).toBe('.._.._etc_passwd.txt');
    expect(fileNameFor('   ', 'png')).toBe('arquivo.png');
  });

  it('images and videos carry the name as caption; documents and audio do not repeat it', () => {
    expect(captionFor('image', ' Fachada ')).toBe('Fachada');
    expect(captionFor('video', 'Tour')).toBe('Tour');
    expect(captionFor('application', 'Tabela')).toBe('');
    expect(captionFor('audio', 'Áudio')).toBe('');
  });
});
