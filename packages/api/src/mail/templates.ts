import { escapeHtml } from '@tieline/validation';
import type { Mail } from './mailer';

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(action.url)}" style="word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#777">Tieline</p></body></html>`;
}

export function verificationMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Verify your email address for Tieline',
    html: layout(
      'Verify your email address',
      [`Hello ${escapeHtml(name)},`, 'Please confirm that this is your email address. The link is valid for 48 hours.'],
      { label: 'Verify email address', url },
    ),
    text: `Hello ${name},\n\nPlease confirm your email address for Tieline by opening this link (valid for 48 hours):\n${url}\n`,
  };
}

export function resetMail(to: string, name: string, url: string): Mail {
  return {
    to,
    subject: 'Reset your Tieline password',
    html: layout(
      'Reset your password',
      [
        `Hello ${escapeHtml(name)},`,
        'Someone asked to reset the password of your Tieline account. The link is valid for one hour and works once.',
        'If it was not you, ignore this message: your password stays as it is.',
      ],
      { label: 'Choose a new password', url },
    ),
    text: `Hello ${name},\n\nReset your Tieline password with this link (valid for one hour, works once):\n${url}\n\nIf it was not you, ignore this message.\n`,
  };
}

export function supportMail(to: string, from: string, message: string): Mail {
  return {
    to,
    replyTo: from,
    subject: `Support request from ${from}`,
    html: layout('Support request', [`From: ${escapeHtml(from)}`, escapeHtml(message).replace(/\n/g, '<br>')]),
    text: `From: ${from}\n\n${message}\n`,
  };
}

/** An organization owner's request for respondent credits, to the support address. */
export function creditRequestMail(
  to: string,
  request: { from: string; organizationName: string; organizationId: string; credits: number },
): Mail {
  const lines = [
    `${request.from} asks for ${request.credits} respondent credits for ${request.organizationName} (${request.organizationId}).`,
  ];
  return {
    to,
    replyTo: request.from,
    subject: `Credit request from ${request.organizationName}`,
    html: layout('Credit request', lines.map(escapeHtml)),
    text: `${lines.join('\n')}\n`,
  };
}

/** The personal link a single-link start mails to the address the respondent identified with. */
export function personalLinkMail(to: string, surveyName: string, url: string): Mail {
  return {
    to,
    subject: `Your link to the survey ${surveyName}`,
    html: layout(
      surveyName,
      [
        'Hello,',
        'You asked to take part in this survey. Open your personal link below to answer; it keeps your answers, so you can come back to it later.',
      ],
      { label: 'Open the survey', url },
    ),
    text: `Hello,\n\nYou asked to take part in the survey ${surveyName}. Your personal link (it keeps your answers, so you can come back to it later):\n${url}\n`,
  };
}

/** An invitation to join an organization; the link opens /signup/{token}. */
export function invitationMail(to: string, name: string, organizationName: string, url: string, days: number): Mail {
  return {
    to,
    subject: `You are invited to join ${organizationName} on Tieline`,
    html: layout(
      `Join ${organizationName} on Tieline`,
      [
        `Hello ${escapeHtml(name)},`,
        `You have been invited to join ${escapeHtml(organizationName)} on Tieline. Choose a username and password to accept. The link is valid for ${days} days.`,
      ],
      { label: 'Accept the invitation', url },
    ),
    text: `Hello ${name},\n\nYou have been invited to join ${organizationName} on Tieline. Accept with this link (valid for ${days} days):\n${url}\n`,
  };
}
