import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadListFile } from '../src/features/lists/upload-request';

/** A stand-in XMLHttpRequest whose upload progress and answer the test drives. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const file = new File(['Name\nA\n'], 'list.csv', { type: 'text/csv' });

describe('uploadListFile', () => {
  it('holds progress at 99 until the server answers, then 100 (spec §9)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];
    const done = uploadListFile({ surveyId: 's1', type: 'Supplementary List', file, onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/base/lists/uploadSupplementaryList/s1');
    expect(xhr.body?.get('skipCheckForDeletedNodes')).toBe('false');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    expect(seen).toEqual([50, 99]);
    xhr.answer(200, { _id: 'l1' });
    await expect(done).resolves.toEqual({ ok: true, respondentCreditsUsed: 0 });
    expect(seen.at(-1)).toBe(100);
  });

  it("answers the credits a respondent list used (spec §7's respondentCreditsUsed)", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadListFile({ surveyId: 's1', type: 'Respondent List', file, onProgress: () => {} });
    FakeXhr.last.answer(200, { respondentCreditsUsed: 12, survey: { _id: 's1', respondentList: 'l1' } });
    await expect(done).resolves.toEqual({ ok: true, respondentCreditsUsed: 12 });
  });

  it('reads the upload error payload, and falls back for other bodies (spec §8)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const payload = { type: 'deletion', message: 'The nodes below will be deleted', headerErrors: [], dataErrors: {} };
    const first = uploadListFile({ surveyId: 's1', type: 'Respondent List', file, onProgress: () => {} });
    FakeXhr.last.answer(409, payload);
    await expect(first).resolves.toMatchObject({ ok: false, status: 409, message: payload.message, payload });
    const second = uploadListFile({ surveyId: 's1', type: 'Respondent List', file, onProgress: () => {} });
    FakeXhr.last.answer(502, '<html>Bad gateway</html>');
    await expect(second).resolves.toMatchObject({ ok: false, message: 'Something went wrong.', payload: null });
  });
});
