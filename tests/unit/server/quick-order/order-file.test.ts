import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { rowsOfFile } from '#server/quick-order/order-file.ts';
import { orderLines } from '#lib/quick-order/order-lines.ts';

describe('rowsOfFile', () => {
  it('reads the first sheet of an XLSX workbook, numbers as text', async () => {
    const data = [
      [{ value: 'Artikelnummer' }, { value: 'Antal' }],
      [{ value: 'PF-1001' }, { value: 3 }],
      [{ value: 4812360 }, { value: 2 }],
    ];
    const bytes = await (await writeXlsxFile(data)).toBuffer();
    const rows = await rowsOfFile('order.xlsx', bytes);
    expect(rows).toEqual([
      ['Artikelnummer', 'Antal'],
      ['PF-1001', '3'],
      ['4812360', '2'],
    ]);
    expect(orderLines(rows).lines).toEqual([
      { row: 2, number: 'PF-1001', quantity: 3 },
      { row: 3, number: '4812360', quantity: 2 },
    ]);
  });

  it('reads CSV with its delimiter detected and quotes honoured', async () => {
    expect(await rowsOfFile('order.csv', Buffer.from('\uFEFF"4812 360 58";2\nPF-1001;1\n'))).toEqual([
      ['4812 360 58', '2'],
      ['PF-1001', '1'],
      [''],
    ]);
    expect(await rowsOfFile('order.csv', Buffer.from('PF-1001,4\n'))).toEqual([['PF-1001', '4'], ['']]);
  });

  it('refuses what is not the file it claims to be, naming the field', async () => {
    await expect(rowsOfFile('order.xlsx', Buffer.from('PF-1001;1'))).rejects.toMatchObject({ code: 'invalid_request', field: 'file' });
    await expect(rowsOfFile('order.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).rejects.toMatchObject({ field: 'file' });
    await expect(rowsOfFile('order.txt', Buffer.from([0x41, 0, 0x42]))).rejects.toMatchObject({ field: 'file' });
  });
});
