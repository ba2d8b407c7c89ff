import { describe, expect, it } from 'vitest';
import { buildPixCode, crc16, parsePixCode, plainText } from './pix-code.js';

describe('Pix BR Code', () => {
  it('computes CRC16-CCITT-FALSE (the standard check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('writes the Banco Central manual’s static example byte for byte (CRC 1D3D)', () => {
    // Manual de Padrões para Iniciação do Pix, BR Code example without amount or txid.
    expect(buildPixCode({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
  });

  it('writes amount (54), txid (62/05), currency 986, country BR and a CRC that checks', () => {
    const code = buildPixCode({ key: 'financeiro@atende.example', merchantName: 'Atende', merchantCity: 'Sao Paulo', amount: '49.00', txid: 'ABC123def456GHI789jkl0123' });
    expect(code).toBe(
      '00020126470014br.gov.bcb.pix0125financeiro@atende.example520400005303986540549.005802BR5906Atende6009Sao Paulo62290525ABC123def456GHI789jkl01236304' +
        crc16('00020126470014br.gov.bcb.pix0125financeiro@atende.example520400005303986540549.005802BR5906Atende6009Sao Paulo62290525ABC123def456GHI789jkl01236304'),
    );
    const fields = parsePixCode(code);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('26')).toBe('0014br.gov.bcb.pix0125financeiro@atende.example');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('49.00');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('62')).toBe('0525ABC123def456GHI789jkl0123');
    // One changed character breaks the CRC.
    expect(() => parsePixCode(code.replace('49.00', '48.00'))).toThrow('Wrong CRC');
  });

  it('drops accents and symbols and cuts the name at 25 and the city at 15 characters', () => {
    expect(plainText('Clínica São João & Filhos Odontologia', 25)).toBe('Clinica Sao Joao Filhos O');
    const fields = parsePixCode(buildPixCode({ key: '+5511999998888', merchantName: 'Clínica São João & Filhos Odontologia', merchantCity: 'São José dos Campos' }));
    expect(fields.get('59')).toBe('Clinica Sao Joao Filhos O');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(fields.has('54')).toBe(false);
  });

  it('refuses what it cannot write: a txid over 25 or with symbols, a bad amount, an empty or too long key', () => {
    const base = { key: 'k@x.example', merchantName: 'A', merchantCity: 'B' };
    expect(() => buildPixCode({ ...base, txid: 'A'.repeat(26) })).toThrow();
    expect(() => buildPixCode({ ...base, txid: 'abc-123' })).toThrow();
    expect(() => buildPixCode({ ...base, amount: '49' })).toThrow();
    expect(() => buildPixCode({ ...base, key: ' ' })).toThrow();
    expect(() => buildPixCode({ ...base, key: 'x'.repeat(78) })).toThrow();
    expect(() => buildPixCode({ ...base, merchantName: '***' })).toThrow();
  });
});
