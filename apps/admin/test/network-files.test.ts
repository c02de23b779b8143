import { afterEach, describe, expect, it, vi } from 'vitest';
import { exampleNetworkJson } from '../src/features/networks/example-network';
import { exportUrl, problemPlace } from '../src/features/networks/network-files';
import { uploadNetwork } from '../src/features/networks/upload-network-request';
import { attachmentName } from '../src/lib/save-blob';

/** A stand-in XMLHttpRequest (the browser API) whose answer the test drives. */
class FakeXhr {
  static last: FakeXhr;
  upload = { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
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

const request = () => ({
  name: 'Team',
  fileType: 'json' as const,
  directed: false,
  file: new Blob(['{}']),
  fileName: 'team.json',
  onProgress: () => {},
});

describe('problemPlace', () => {
  it('names a sheet and row, a line, or a path, as people read them', () => {
    expect(problemPlace({ message: 'x', sheet: 'Edges', row: 4 })).toBe("Sheet 'Edges', row 4");
    expect(problemPlace({ message: 'x', sheet: 'Nodes' })).toBe("Sheet 'Nodes'");
    expect(problemPlace({ message: 'x', line: 12 })).toBe('Line 12');
    expect(problemPlace({ message: 'x', path: 'nodes[3].name' })).toBe('At nodes[3].name');
    expect(problemPlace({ message: 'x', path: '' })).toBeNull();
    expect(problemPlace({ message: 'x' })).toBeNull();
  });
});

describe('uploadNetwork', () => {
  it('sends the form fields and reads a refusal with its problems', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadNetwork(request());
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/base/networks');
    expect(xhr.body?.get('directed')).toBe('false');
    expect(xhr.body?.get('fileType')).toBe('json');
    const payload = {
      type: 'data',
      message: 'Network not uploaded',
      problems: [{ message: 'blank', path: 'nodes[1]' }],
    };
    xhr.answer(400, payload);
    await expect(done).resolves.toEqual({ ok: false, payload });
  });

  it("falls back to the answer's message, or 'Something went wrong', when there is no payload", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const signedOut = uploadNetwork(request());
    FakeXhr.last.answer(401, { message: 'Please sign in' });
    await expect(signedOut).resolves.toEqual({
      ok: false,
      payload: { type: 'format', message: 'Please sign in', problems: [] },
    });
    const proxy = uploadNetwork(request());
    FakeXhr.last.answer(502, '<html>Bad gateway</html>');
    await expect(proxy).resolves.toMatchObject({ ok: false, payload: { message: 'Something went wrong' } });
  });
});

describe('exampleNetworkJson', () => {
  it('is 18 people in three teams, with both layers used and no self-ties', () => {
    const data = JSON.parse(exampleNetworkJson()) as {
      nodes: { name: string; attributes: { Team: string } }[];
      edges: { source: string; target: string; type: string }[];
    };
    expect(data.nodes).toHaveLength(18);
    expect(new Set(data.nodes.map((n) => n.attributes.Team)).size).toBe(3);
    expect(new Set(data.edges.map((e) => e.type))).toEqual(new Set(['Advice', 'Collaboration']));
    expect(data.edges.some((e) => e.source === e.target)).toBe(false);
    expect(data.edges.length).toBeGreaterThan(40);
  });
});

describe('the export address and the saved file name', () => {
  it('carries the metrics options, or metrics=false, and nothing blank', () => {
    expect(exportUrl('n 1', 'excel')).toBe('/api/base/networks/n%201/export/excel');
    expect(exportUrl('n1', 'gexf', { layer: '0', groupAttribute: 'Team & Co' })).toBe(
      '/api/base/networks/n1/export/gexf?layer=0&groupAttribute=Team+%26+Co',
    );
    expect(exportUrl('n1', 'json', { layer: '', groupAttribute: '', metrics: 'false' })).toBe(
      '/api/base/networks/n1/export/json?metrics=false',
    );
  });
  it('names the file as the server does (UTF-8 first)', () => {
    const answer = (header: string) => new Response('', { headers: { 'content-disposition': header } });
    expect(attachmentName(answer(`attachment; filename="Z_rich.xlsx"; filename*=UTF-8''Z%C3%BCrich.xlsx`), 'x')).toBe(
      'Zürich.xlsx',
    );
    expect(attachmentName(answer('attachment; filename="Plain.gexf"'), 'x')).toBe('Plain.gexf');
    expect(attachmentName(new Response(''), 'Fallback')).toBe('Fallback');
  });
});
