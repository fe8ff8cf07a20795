import { describe, expect, it } from 'vitest';
import {
  checkChosenFile,
  isCsvFileName,
  prepareBulkUpload,
  prepareBulkUploadBytes,
  prepareFile,
  summarize,
} from './bulk-upload-csv';

const HEADER = 'title,artist,song_link,category_name';

describe('prepareBulkUpload', () => {
  it('takes the first line as the header and numbers data rows from 1', () => {
    const { upload } = prepareBulkUpload(
      `${HEADER}\nWater,Tyla,https://youtu.be/a,Best Newcomer\nAsake Song,Asake,https://youtu.be/b,Best Newcomer\n`,
    );
    expect(upload?.songs).toEqual([
      { title: 'Water', artist: 'Tyla', song_link: 'https://youtu.be/a', category_name: 'Best Newcomer' },
      {
        title: 'Asake Song',
        artist: 'Asake',
        song_link: 'https://youtu.be/b',
        category_name: 'Best Newcomer',
      },
    ]);
    expect(upload?.rowNumbers).toEqual([1, 2]);
    expect(upload?.skipped).toEqual([]);
  });

  it('ignores blank lines, lines of empty cells and lines starting with #', () => {
    const text = [
      '# exported for the 2025 awards',
      HEADER,
      '',
      '   ',
      '# Water, by "Tyla',
      'Water,Tyla,https://youtu.be/a,Best Newcomer',
      ',,,',
      '#',
      'Second,Artist,https://youtu.be/b,Best Newcomer',
      '',
    ].join('\n');
    const { upload } = prepareBulkUpload(text);
    expect(upload?.songs.map((row) => row.title)).toEqual(['Water', 'Second']);
    expect(upload?.rowNumbers).toEqual([1, 2]);
  });

  it('reads quoted values with commas, line breaks and doubled quotes', () => {
    const text = `${HEADER},description\n"Love, Nwantiti","CKay ""the"" Star",https://youtu.be/c,Best Newcomer,"Line one\nline two"\n`;
    const { upload } = prepareBulkUpload(text);
    expect(upload?.songs[0]).toMatchObject({
      title: 'Love, Nwantiti',
      artist: 'CKay "the" Star',
      description: 'Line one\nline two',
    });
  });

  it('reads Windows line ends and a byte-order mark', () => {
    const text = `\ufeff${HEADER}\r\nWater,Tyla,https://youtu.be/a,Best Newcomer\r\n\r\n`;
    const { upload } = prepareBulkUpload(text);
    expect(upload?.songs).toEqual([
      { title: 'Water', artist: 'Tyla', song_link: 'https://youtu.be/a', category_name: 'Best Newcomer' },
    ]);
  });

  it('understands headers written another way: case, spaces, camelCase', () => {
    const { upload } = prepareBulkUpload(' Title ,ARTIST,songLink,Category Name\nA,B,https://x.io/a,C\n');
    expect(upload?.songs[0]).toEqual({
      title: 'A',
      artist: 'B',
      song_link: 'https://x.io/a',
      category_name: 'C',
    });
  });

  it('drops rows lacking title, artist or song_link and says which', () => {
    const text = [
      HEADER,
      'Good,Artist,https://youtu.be/a,Cat',
      ',Artist,https://youtu.be/b,Cat',
      'No Artist,  ,https://youtu.be/c,Cat',
      'No Link,Artist,,Cat',
      'Also Good,Artist,https://youtu.be/d,Cat',
    ].join('\n');
    const { upload } = prepareBulkUpload(text);
    expect(upload?.songs.map((row) => row.title)).toEqual(['Good', 'Also Good']);
    expect(upload?.rowNumbers).toEqual([1, 5]);
    expect(upload?.skipped).toEqual([
      {
        index: 2,
        title: '',
        error: 'Title is required',
        code: 'VALIDATION_ERROR',
        key: 'validation.titleRequired',
        field: 'title',
      },
      {
        index: 3,
        title: 'No Artist',
        error: 'Artist is required',
        code: 'VALIDATION_ERROR',
        key: 'validation.artistRequired',
        field: 'artist',
      },
      {
        index: 4,
        title: 'No Link',
        error: 'Song link is required',
        code: 'VALIDATION_ERROR',
        key: 'validation.songLinkRequired',
        field: 'song_link',
      },
    ]);
  });

  it('finds no valid songs in a file with only a header, only incomplete rows, or nothing', () => {
    expect(prepareBulkUpload(`${HEADER}\n`).problem).toBe('noValidSongs');
    expect(prepareBulkUpload(`${HEADER}\nA,,,\n,B,,\n`).problem).toBe('noValidSongs');
    expect(prepareBulkUpload('name,singer\nA,B\n').problem).toBe('noValidSongs');
    expect(prepareBulkUpload('').problem).toBe('noValidSongs');
  });

  it('refuses a quote left open and more than 5,000 rows', () => {
    expect(prepareBulkUpload(`${HEADER}\n"Open,B,https://x.io,C\nD,E,https://y.io,F\n`).problem).toBe(
      'invalidFile',
    );
    const rows = Array.from({ length: 5001 }, (_, n) => `Song ${n},A,https://x.io/${n},C`);
    expect(prepareBulkUpload([HEADER, ...rows].join('\n')).problem).toBe('tooManyRows');
    expect(prepareBulkUpload([HEADER, ...rows.slice(1)].join('\n')).upload?.songs).toHaveLength(5000);
  });
});

describe('the chosen file', () => {
  it('must be there, be a .csv and weigh at most 8 MB', () => {
    expect(checkChosenFile(null)).toBe('noFile');
    expect(checkChosenFile({ name: 'songs.xlsx', size: 10 })).toBe('invalidFile');
    expect(checkChosenFile({ name: 'songs.csv.png', size: 10 })).toBe('invalidFile');
    expect(checkChosenFile({ name: 'SONGS.CSV', size: 10 })).toBeUndefined();
    expect(checkChosenFile({ name: 'songs.csv', size: 9 * 1024 * 1024 })).toBe('tooLarge');
    expect(isCsvFileName('my songs.csv')).toBe(true);
  });

  it('must be UTF-8 text without binary content', () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\nCaf`), 0xe9, 0x2c, 0x41, 0x0a]);
    expect(prepareBulkUploadBytes(latin1).problem).toBe('invalidFile');
    expect(prepareBulkUploadBytes(new Uint8Array([0xff, 0xfe, 0x74, 0x00])).problem).toBe('invalidFile');
    const bom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(`${HEADER}\nA,B,https://x.io,C\n`),
    ]);
    expect(prepareBulkUploadBytes(bom).upload?.songs[0]?.title).toBe('A');
  });

  it('reads a File, and says "Failed to read file" when the browser cannot', async () => {
    const good = new File([`${HEADER}\nA,B,https://x.io,C\n`], 'songs.csv', { type: 'text/csv' });
    expect((await prepareFile(good)).upload?.songs).toHaveLength(1);
    const unreadable = new File(['x'], 'songs.csv');
    Object.defineProperty(unreadable, 'arrayBuffer', {
      value: () => Promise.reject(new Error('NotReadableError')),
    });
    expect((await prepareFile(unreadable)).problem).toBe('readFailed');
    expect((await prepareFile(new File(['x'], 'cover.png'))).problem).toBe('invalidFile');
  });
});

describe('summarize', () => {
  it("tells the server's answer in the file's row numbers and counts the dropped rows as failed", () => {
    const { upload } = prepareBulkUpload(
      [HEADER, 'One,A,https://x.io/1,C', 'Two,,https://x.io/2,C', 'Three,A,https://x.io/3,Nowhere'].join(
        '\n',
      ),
    );
    const summary = summarize(
      {
        dryRun: false,
        total: 2,
        successful: [{ index: 1, _id: 'id-1', title: 'One' }],
        failed: [
          {
            index: 2,
            title: 'Three',
            error: 'No category has this name or id. Use a category name from the template.',
            code: 'UNKNOWN_CATEGORY',
            key: 'errors.UNKNOWN_CATEGORY',
          },
        ],
      },
      upload!,
    );
    expect(summary.total).toBe(3);
    expect(summary.successful).toEqual([{ index: 1, _id: 'id-1', title: 'One' }]);
    expect(summary.failed.map((row) => [row.index, row.title, row.key])).toEqual([
      [2, 'Two', 'validation.artistRequired'],
      [3, 'Three', 'errors.UNKNOWN_CATEGORY'],
    ]);
  });
});
