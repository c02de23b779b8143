import { once } from 'node:events';
import { connect } from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtp } from './helpers';

// The tests' SMTP server (helpers.ts) outlives a sender killed mid-message, as the kill -9 tests need:
// the reset connection is dropped, not an uncaught exception of the test run.

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('the SMTP sink of the tests', () => {
  it('drops a connection reset mid-message and takes the next sender', async () => {
    const sink = await startSmtp();
    close = sink.close;
    const { port } = new URL(sink.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.setEncoding('utf8');
    let said = '';
    socket.on('data', (chunk: string) => {
      said += chunk;
    });
    const answered = async (code: string) => {
      while (!said.includes(code)) await once(socket, 'data');
    };
    await answered('220');
    socket.write('EHLO killed.example\r\n');
    await answered('250');
    socket.write('MAIL FROM:<a@example.com>\r\nRCPT TO:<b@example.com>\r\nDATA\r\n');
    await answered('354');
    socket.write('Subject: half\r\n\r\nhalf a mes');
    // The server has read the half message, as a sender killed mid-message had sent it.
    await new Promise((r) => setTimeout(r, 50));
    // What a process killed with SIGKILL leaves: the kernel resets its connections.
    socket.resetAndDestroy();
    await once(socket, 'close');
    await new Promise((r) => setTimeout(r, 50));

    const sent = await nodemailer
      .createTransport({ url: sink.url, ignoreTLS: true } as never)
      .sendMail({ from: 'a@example.com', to: 'c@example.com', subject: 'whole', text: 'a whole message' });
    expect(sent.accepted).toEqual(['c@example.com']);
    expect(sink.inbox.map((m) => m.to)).toEqual([['c@example.com']]);
  });
});
