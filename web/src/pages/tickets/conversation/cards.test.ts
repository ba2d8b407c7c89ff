import { describe, expect, it } from 'vitest';
import { digitsOf, mapsUrl, parseLocation, parseVCards } from './cards';

describe('vCard', () => {
  it('reads the name and the WhatsApp id of a card', () => {
    const body =
      'BEGIN:VCARD\nVERSION:3.0\nN:;Maria Silva;;;\nFN:Maria Silva\nitem1.TEL;waid=5511988887777:+55 11 98888-7777\nitem1.X-ABLabel:Celular\nEND:VCARD';
    expect(parseVCards(body)).toEqual([{ name: 'Maria Silva', number: '5511988887777' }]);
  });
  it('falls back to the TEL digits and the structured name; CRLF and folded lines', () => {
    const body = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Souza;João;;Dr.;\r\nTEL;TYPE=CELL:+55 (21) 9\r\n 7777-6666\r\nEND:VCARD';
    expect(parseVCards(body)).toEqual([{ name: 'Dr. João Souza', number: '5521977776666' }]);
  });
  it('reads several cards and skips cards without a number', () => {
    const body = [
      'BEGIN:VCARD',
      'FN:A',
      'TEL:111',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:Sem número',
      'END:VCARD',
      'BEGIN:VCARD',
      'FN:B\\, Jr',
      'TEL:222',
      'END:VCARD',
    ].join('\n');
    expect(parseVCards(body)).toEqual([
      { name: 'A', number: '111' },
      { name: 'B, Jr', number: '222' },
    ]);
  });
  it('uses the number as the name when the card has none; ignores non-vCard text', () => {
    expect(parseVCards('BEGIN:VCARD\nTEL:+1 555 0100\nEND:VCARD')).toEqual([{ name: '15550100', number: '15550100' }]);
    expect(parseVCards('hello')).toEqual([]);
    expect(parseVCards(null)).toEqual([]);
    expect(digitsOf('+55 (11) 9-8888')).toBe('551198888');
  });
});

describe('location', () => {
  it('reads the classic thumbnail | link | description body', () => {
    const body = 'data:image/png;base64,AAAA | https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17&hl=pt-BR | Clínica Sorriso';
    expect(parseLocation(body)).toEqual({
      latitude: -23.5505,
      longitude: -46.6333,
      mapUrl: 'https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17&hl=pt-BR',
      thumbnail: 'data:image/png;base64,AAAA',
      description: 'Clínica Sorriso',
    });
  });
  it('reads JSON, geo: and bare coordinates', () => {
    expect(parseLocation('{"latitude":-22.9,"longitude":-43.2,"name":"Praia","address":"Rio"}')).toMatchObject({
      latitude: -22.9,
      longitude: -43.2,
      mapUrl: mapsUrl(-22.9, -43.2),
      description: 'Praia - Rio',
    });
    expect(parseLocation('geo:10.5,20.25')).toMatchObject({ latitude: 10.5, longitude: 20.25, mapUrl: mapsUrl(10.5, 20.25), description: null });
    expect(parseLocation('-1.5, 2.5', '/media/map.png')).toMatchObject({ latitude: -1.5, longitude: 2.5, thumbnail: '/media/map.png' });
  });
  it('keeps a maps link without coordinates; null for other text', () => {
    expect(parseLocation('https://goo.gl/maps/xyz')).toMatchObject({ latitude: null, mapUrl: 'https://goo.gl/maps/xyz' });
    expect(parseLocation('Rua das Flores, 10')).toBeNull();
    expect(parseLocation('99.5,10')).toBeNull();
    expect(parseLocation('')).toBeNull();
  });
});
