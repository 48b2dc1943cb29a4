import { describe, expect, it } from 'vitest';
import { uploadSummaryToast } from './upload-summary';

const stored = (name: string) => ({ id: name, name, size: 10, fileType: 'application/pdf', status: 'queued' as const, duplicate: false });
const refused = (name: string, message: string) => ({ name, code: 'unsupported_type', message });

describe('uploadSummaryToast', () => {
  it('says how many went through when every file was stored', () => {
    expect(uploadSummaryToast({ files: [stored('a.pdf'), stored('b.pdf')], failed: [] })).toEqual({
      title: 'Upload successful',
      description: '2 file(s) processed successfully.',
    });
  });

  it('names each refused file once, with its reason as a sentence', () => {
    const toast = uploadSummaryToast({
      files: [stored('a.pdf')],
      failed: [refused('notes.txt', 'notes.txt: Plain text files are not supported.'), refused('big.pdf', 'The file is too large')],
    });
    expect(toast).toEqual({
      variant: 'destructive',
      title: 'Upload partly successful',
      description: '1 file(s) processed successfully. 2 failed: notes.txt: Plain text files are not supported. big.pdf: The file is too large.',
    });
  });

  it('lists the first three reasons and counts the rest', () => {
    const failed = ['a', 'b', 'c', 'd', 'e'].map((name) => refused(`${name}.txt`, 'Not supported.'));
    expect(uploadSummaryToast({ files: [stored('ok.pdf')], failed }).description).toBe(
      '1 file(s) processed successfully. 5 failed: a.txt: Not supported. b.txt: Not supported. c.txt: Not supported. And 2 more.',
    );
  });
});
