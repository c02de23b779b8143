import { describe, expect, it } from 'vitest';
import {
  cellText,
  checkListRows,
  cleanCell,
  exportSheetName,
  headerError,
  inferType,
  isEmail,
  LIST_LIMITS,
  LIST_MSG,
  type TCheckedList,
  ZListTitle,
  ZUploadFields,
} from '../src/index';

const R = 'Respondent List' as const;
const S = 'Supplementary List' as const;
const errorOf = (r: TCheckedList) => {
  if (r.ok) throw new Error('expected an error');
  return r.error;
};
const nodesOf = (r: TCheckedList) => {
  if (!r.ok) throw new Error(`expected success: ${r.error.message}`);
  return r;
};

describe('messages, verbatim from the spec', () => {
  it('reads as §5 and §8 write them', () => {
    expect(LIST_MSG.duplicated(R, 'Ada')).toBe('Respondent list not uploaded. Ada has been duplicated');
    expect(LIST_MSG.duplicated(S, 'Ada')).toBe('Supplementary list not uploaded. Ada has been duplicated');
    expect(LIST_MSG.moreDuplicated(2)).toBe('and 2 other name(s)/email address(es) have been duplicated');
    expect(LIST_MSG.invalidEmail('x@')).toBe('x@ is not a valid email address');
    expect(LIST_MSG.blanks).toBe('One or more cells that should have contained text were blank.');
    expect(LIST_MSG.incorrectFormat).toBe('Processing the excel file. Incorrect format.');
    expect(LIST_MSG.respondentHeader).toBe(
      "Respondent list not uploaded due to an invalid column heading. Please ensure that your respondent list includes 'Name' and 'Email' as the first two column headings",
    );
    expect(LIST_MSG.supplementaryHeader).toBe(
      "Supplementary list not uploaded due to an invalid column heading. Please ensure that your supplementary list includes 'Name' as the first column heading",
    );
    expect(LIST_MSG.respondentsDeleted).toContain('The respondents below will be deleted together');
    expect(LIST_MSG.nodesDeleted).toContain('The nodes below will be deleted');
    expect(LIST_MSG.titleTaken).toBe('A List with this name already exists');
    expect(LIST_MSG.inUse).toBe('Cannot delete list as it is in use');
    expect(LIST_MSG.tooManyRows).toBe('The list has more than 200,000 rows. Please upload a shorter list.');
    expect(LIST_MSG.fileTooLarge).toBe('The file is larger than 10 MB. Please upload a smaller file.');
  });
});

describe('headerError', () => {
  it('wants Name, Email first in a respondent list and Name first in a supplementary one', () => {
    expect(headerError(R, ['Name', 'Email', 'Team'])).toBeNull();
    expect(headerError(R, [' name ', 'EMAIL'])).toBeNull();
    expect(headerError(R, ['Email', 'Name'])).toBe(LIST_MSG.respondentHeader);
    expect(headerError(R, ['Name'])).toBe(LIST_MSG.respondentHeader);
    expect(headerError(S, ['NAME', 'Team'])).toBeNull();
    expect(headerError(S, ['Full name'])).toBe(LIST_MSG.supplementaryHeader);
    expect(headerError(S, [])).toBe(LIST_MSG.supplementaryHeader);
  });

  it('is what checkListRows answers first, as a header payload', () => {
    const e = errorOf(
      checkListRows(R, [
        ['Nom', 'Email'],
        ['Ada', 'ada@example.com'],
      ]),
    );
    expect(e).toMatchObject({
      type: 'header',
      message: LIST_MSG.respondentHeader,
      headerErrors: [LIST_MSG.respondentHeader],
    });
    expect(errorOf(checkListRows(S, [])).headerErrors).toEqual([LIST_MSG.supplementaryHeader]);
  });
});

describe('data errors', () => {
  it('names the first duplicated name, then how many others', () => {
    const rows = [['Name'], ['Ada'], ['Bo'], ['Ada'], ['Cy'], ['Bo'], ['Cy'], ['Cy'], ['Di']];
    const e = errorOf(checkListRows(S, rows));
    expect(e.type).toBe('data');
    expect(e.dataErrors.duplicates.names).toEqual([
      'Supplementary list not uploaded. Ada has been duplicated',
      'and 2 other name(s)/email address(es) have been duplicated',
    ]);
    expect(e.message).toBe('Supplementary list not uploaded. Ada has been duplicated');
  });

  it('says nothing of others when one value is duplicated', () => {
    const e = errorOf(checkListRows(S, [['Name'], ['Ada'], ['Ada']]));
    expect(e.dataErrors.duplicates.names).toEqual(['Supplementary list not uploaded. Ada has been duplicated']);
  });

  it('compares emails case-insensitively, plus-addressing kept distinct', () => {
    const rows = [
      ['Name', 'Email'],
      ['Ada', 'Ada+Work@Example.com'],
      ['Bo', 'ada+work@example.COM'],
      ['Cy', 'ada@example.com'],
      ['Di', 'di@example.com'],
      ['Ed', 'DI@example.com'],
    ];
    const e = errorOf(checkListRows(R, rows));
    expect(e.dataErrors.duplicates.emails).toEqual([
      'Respondent list not uploaded. ada+work@example.COM has been duplicated',
      'and 1 other name(s)/email address(es) have been duplicated',
    ]);
    expect(e.dataErrors.duplicates.names).toEqual([]);
  });

  it('compares names as written: case counts, Unicode composition does not', () => {
    expect(checkListRows(S, [['Name'], ['Zoë'], ['zoë']]).ok).toBe(true);
    const composed = 'Zo\u00eb';
    const decomposed = 'Zoe\u0308';
    expect(errorOf(checkListRows(S, [['Name'], [composed], [decomposed]])).dataErrors.duplicates.names).toHaveLength(1);
  });

  it('lists every invalid email, and blanks once', () => {
    const rows = [
      ['Name', 'Email'],
      ['Ada', 'not-an-email'],
      ['Bo', 'bo@'],
      ['', 'cy@example.com'],
      ['Di', ''],
    ];
    const e = errorOf(checkListRows(R, rows));
    expect(e.dataErrors.invalidEmails).toEqual([
      'not-an-email is not a valid email address',
      'bo@ is not a valid email address',
    ]);
    expect(e.dataErrors.blanks).toEqual([LIST_MSG.blanks]);
    expect(e.message).toBe('not-an-email is not a valid email address');
  });

  it('caps the invalid emails it lists', () => {
    const rows = [['Name', 'Email'], ...Array.from({ length: 150 }, (_, i) => [`P${i}`, `bad${i}`])];
    expect(errorOf(checkListRows(R, rows)).dataErrors.invalidEmails).toHaveLength(LIST_LIMITS.maxListedInvalidEmails);
  });

  it('skips blank rows, and refuses a list with none left', () => {
    expect(nodesOf(checkListRows(S, [['Name'], [''], ['Ada'], ['  ', '']])).nodes).toHaveLength(1);
    expect(errorOf(checkListRows(S, [['Name'], ['', '']])).message).toBe(LIST_MSG.noRows);
  });

  it('refuses more rows than the limit as a size error', () => {
    const rows = [['Name'], ...Array.from({ length: LIST_LIMITS.maxRows + 1 }, (_, i) => [`P${i}`])];
    const e = errorOf(checkListRows(S, rows));
    expect(e).toMatchObject({ type: 'size', message: LIST_MSG.tooManyRows, sizeErrors: [LIST_MSG.tooManyRows] });
  });

  it('refuses more columns than the limit', () => {
    const header = ['Name', ...Array.from({ length: LIST_LIMITS.maxColumns }, (_, i) => `C${i}`)];
    expect(errorOf(checkListRows(S, [header, header.map(() => 'x')])).message).toBe(LIST_MSG.tooManyColumns);
  });
});

describe('accepted lists', () => {
  it('keeps Unicode names, lowercases emails and takes the first name', () => {
    const r = nodesOf(
      checkListRows(R, [
        ['Name', 'Email'],
        ['  Zoë  Ångström ', 'Zoe+Survey@Example.COM'],
        ['李 小龙', 'li@example.com'],
        ['Ngũgĩ 🌍', 'n@example.com'],
        ['Ada\u00a0Lovelace', 'ada@example.com'],
        ['Mononym', 'm@example.com'],
      ]),
    );
    expect(r.nodes.map((n) => [n.name, n.email, n.firstName])).toEqual([
      ['Zoë  Ångström', 'zoe+survey@example.com', 'Zoë'],
      ['李 小龙', 'li@example.com', '李'],
      ['Ngũgĩ 🌍', 'n@example.com', 'Ngũgĩ'],
      ['Ada\u00a0Lovelace', 'ada@example.com', 'Ada'],
      ['Mononym', 'm@example.com', 'Mononym'],
    ]);
  });

  it('finds a name written decomposed and composed twice, and ASCII names as written', () => {
    const e = errorOf(checkListRows(S, [['Name'], ['Zoe\u0308'], ['Zo\u00eb'], ['Ada'], ['ada']]));
    expect(e.dataErrors.duplicates.names).toEqual([LIST_MSG.duplicated(S, 'Zo\u00eb')]);
  });

  it('types the columns after the required ones and keeps their text', () => {
    const r = nodesOf(
      checkListRows(S, [
        ['Name', 'Age', 'Manager', 'Started', 'Team', 'Staff no', '', ''],
        ['Ada', '36', 'TRUE', '2024-01-15', 'Core', '0042', '', 'stray'],
        ['Bo', '4.5e1', 'false', '2023-12-31T09:30:00', '7', '17', '', ''],
        ['Cy', '', '', '', '', '', '', ''],
      ]),
    );
    expect(r.columns).toEqual([
      { name: 'Age', type: 'number' },
      { name: 'Manager', type: 'boolean' },
      { name: 'Started', type: 'date' },
      { name: 'Team', type: 'text' },
      { name: 'Staff no', type: 'text' },
      { name: 'Column 8', type: 'text' },
    ]);
    expect(r.nodes[0]!.attributes).toEqual({
      Age: { value: 36, text: '36' },
      Manager: { value: true, text: 'TRUE' },
      Started: { value: '2024-01-15', text: '2024-01-15' },
      Team: { value: 'Core', text: 'Core' },
      'Staff no': { value: '0042', text: '0042' },
      'Column 8': { value: 'stray', text: 'stray' },
    });
    expect(r.nodes[1]!.attributes.Age).toEqual({ value: 45, text: '4.5e1' });
    expect(r.nodes[2]!.attributes).toEqual({});
  });

  it('gives repeated and reserved headings keys of their own', () => {
    const r = nodesOf(
      checkListRows(S, [
        ['Name', 'Team', 'team', '__proto__'],
        ['Ada', 'a', 'b', 'c'],
      ]),
    );
    expect(r.columns.map((c) => c.name)).toEqual(['Team', 'team (2)', '__proto__ (2)']);
    expect(Object.keys(r.nodes[0]!.attributes)).toEqual(['Team', 'team (2)', '__proto__ (2)']);
  });
});

describe('cells', () => {
  it('mends what no database stores', () => {
    expect(cleanCell(' A\u0000b\tc\uD800 ')).toBe('A b c\uFFFD');
  });

  it('reads numbers as Excel shows them, dates as ISO text and errors as blank', () => {
    expect(cellText({ t: 'n', v: 0.1 + 0.2 })).toBe('0.3');
    expect(cellText({ t: 'n', v: 42 })).toBe('42');
    expect(cellText({ t: 'b', v: false })).toBe('FALSE');
    expect(cellText({ t: 'd', v: new Date(Date.UTC(2024, 0, 15)) })).toBe('2024-01-15');
    expect(cellText({ t: 'd', v: new Date(Date.UTC(2024, 0, 15, 10, 29, 59, 999)) })).toBe('2024-01-15T10:30:00');
    expect(cellText({ t: 'e', v: 42 })).toBe('');
    expect(cellText({ t: 's', v: '=1+1' })).toBe('=1+1');
    expect(cellText(undefined)).toBe('');
  });

  it('types columns by their narrowest fit', () => {
    expect(inferType(['1', '-2.5', ''])).toBe('number');
    expect(inferType(['1', '007'])).toBe('text');
    expect(inferType(['0', '0.5'])).toBe('number');
    expect(inferType(['True', 'FALSE'])).toBe('boolean');
    expect(inferType(['2024-02-29', '2023-02-29'])).toBe('text');
    expect(inferType([])).toBe('text');
  });

  it('accepts the addresses sign-up accepts', () => {
    for (const ok of ['a@b.co', 'First.Last+tag@Sub.Example.ORG', "o'neil@example.ie"]) expect(isEmail(ok)).toBe(true);
    for (const bad of ['a@b', 'a@@b.co', '.a@b.co', 'a..b@c.co', 'a b@c.co', 'ü@example.com']) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
});

describe('exportSheetName', () => {
  it('drops : / \\ ? * [ ] and cuts to 31 characters', () => {
    expect(exportSheetName('Q1: Sales/Marketing [draft]?*\\')).toBe('Q1 SalesMarketing draft');
    expect(exportSheetName('A'.repeat(40))).toBe('A'.repeat(31));
    expect(exportSheetName(`${'A'.repeat(30)}😀`)).toBe('A'.repeat(30));
    expect(exportSheetName("'quoted'")).toBe('quoted');
    expect(exportSheetName('[]')).toBe('List');
    expect(exportSheetName('History')).toBe('List');
  });
});

describe('schemas', () => {
  it('trims titles and refuses blank ones', () => {
    expect(ZListTitle.parse('  Teams ')).toBe('Teams');
    expect(ZListTitle.safeParse('   ').error?.issues[0]?.message).toBe(LIST_MSG.titleRequired);
    expect(ZListTitle.safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe(LIST_MSG.titleTooLong);
  });

  it('reads the skip flag as true/false or yes/no', () => {
    expect(ZUploadFields.parse({ skipCheckForDeletedNodes: 'yes' }).skipCheckForDeletedNodes).toBe(true);
    expect(ZUploadFields.parse({ skipCheckForDeletedNodes: 'true' }).skipCheckForDeletedNodes).toBe(true);
    expect(ZUploadFields.parse({ skipCheckForDeletedNodes: 'no' }).skipCheckForDeletedNodes).toBe(false);
    expect(ZUploadFields.safeParse({ skipCheckForDeletedNodes: 'maybe' }).success).toBe(false);
  });
});
