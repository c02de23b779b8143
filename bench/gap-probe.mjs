// The probe of bench/isolation.mjs: a process of its own that calls a URL as another account about every
// 100 ms and notes when each answer arrives, so the worst wait between answers over a window can be read.
import { spawn } from 'node:child_process';

/** The probe: a process of its own that calls `url` as B every ~100 ms and prints when each answer came. */
const PROBE = `
const [url, cookie] = process.argv.slice(1);
const http = require('node:http');
const now = () => performance.timeOrigin + performance.now();
const call = () => new Promise((resolve) => {
  const req = http.get(url, { headers: { cookie }, agent: false, timeout: 300000 }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode === 200));
  });
  req.on('error', () => resolve(false));
  req.on('timeout', () => req.destroy());
});
(async () => {
  for (;;) {
    const sent = now();
    const ok = await call();
    process.stdout.write((ok ? 'ok ' : 'err ') + now() + '\\n');
    const wait = sent + 100 - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
})();`;

export function startProbe(url, cookie) {
  const child = spawn(process.execPath, ['-e', PROBE, url, cookie], { stdio: ['ignore', 'pipe', 'inherit'] });
  const answers = [];
  let errors = 0;
  let rest = '';
  child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const [kind, at] = line.split(' ');
      if (kind === 'ok') answers.push(Number(at));
      else errors++;
    }
  });
  return {
    /** The worst wait for an answer within [from, to]: between answers, and from `from` / until `to`. */
    worstGap(from, to) {
      const inside = answers.filter((t) => t >= from && t <= to);
      let worst = 0;
      let last = from;
      for (const t of [...inside, to]) {
        worst = Math.max(worst, t - last);
        last = t;
      }
      return Math.round(worst);
    },
    errors: () => errors,
    stop: () => child.kill('SIGKILL'),
  };
}
