import { downloadText } from './download';

export { toCsv } from '@/lib/domain/csv';

/** Offers `text` as a CSV file download (browser only). */
export function downloadCsv(filename: string, text: string): void {
  downloadText(filename, text, 'text/csv;charset=utf-8');
}
