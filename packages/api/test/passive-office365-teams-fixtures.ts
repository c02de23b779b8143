import type { FakeChatMessage, FakeMsPerson, FakeTeam, FakeTenant } from './fake-microsoft';
import { U } from './passive-office365-ids';

// The tenant's People rankings, teams and chats (passive-office365-setup.ts: Ann, Bob, Cat, Dan, Eve;
// Eve has no mailbox), worked out by hand below. Every body, subject and chat topic carries MARKER,
// which the tests prove is stored nowhere.

export const MARKER = 'SECRET-TEAMS-MARKER';

/** A guest of another tenant in a chat: not in the directory, so dropped. */
export const GUEST = '99999999-9999-4999-8999-999999999999';
const NAMES: Record<string, string> = {
  [U.ann]: 'Ann Archer',
  [U.bob]: 'Bob Baker',
  [U.cat]: 'Cat Cole',
  [U.dan]: 'Dan Dale',
  [U.eve]: 'Eve Evans',
  [GUEST]: 'Gus Guest',
};

const person = (name: string, address: string, kind: FakeMsPerson['personType']['class'] = 'Person') => ({
  id: `p-${address}`,
  displayName: name,
  scoredEmailAddresses: [{ address, relevanceScore: 8 }],
  personType: { class: kind, subclass: kind === 'Person' ? 'OrganizationUser' : 'UnifiedGroup' },
});

/**
 * Relevance rankings. Ranks count only people in scope; X - rank + 1 with X = 10 (default) | X = 2:
 * - Ann: herself, Bob (1: 10 | 2), an external partner, a group, Cat (2: 9 | 1; address in capitals),
 *   Dan (3: 8), a contoso address not in the directory, Eve (4: 7), Bob again (already ranked).
 * - Bob: Dan (10 | 2), Ann (9 | 1), Eve (8).
 * - Cat: the partner, Ann (10 | 2).
 * - Dan: Bob (10 | 2), Eve (9 | 1), Cat (8), Ann (7).
 * - Eve: no mailbox (404): nothing.
 * With the Engineering group only (Bob, Dan, Eve): Bob -> Dan 10, Bob -> Eve 9; Dan -> Bob 10, Dan -> Eve 9.
 */
export const PEOPLE_EDGES = [
  'Ann Archer -> Bob Baker (1x, 10)',
  'Ann Archer -> Cat Cole (1x, 9)',
  'Ann Archer -> Dan Dale (1x, 8)',
  'Ann Archer -> Eve Evans (1x, 7)',
  'Bob Baker -> Ann Archer (1x, 9)',
  'Bob Baker -> Dan Dale (1x, 10)',
  'Bob Baker -> Eve Evans (1x, 8)',
  'Cat Cole -> Ann Archer (1x, 10)',
  'Dan Dale -> Ann Archer (1x, 7)',
  'Dan Dale -> Bob Baker (1x, 10)',
  'Dan Dale -> Cat Cole (1x, 8)',
  'Dan Dale -> Eve Evans (1x, 9)',
];
export const PEOPLE_EDGES_TOP2 = [
  'Ann Archer -> Bob Baker (1x, 2)',
  'Ann Archer -> Cat Cole',
  'Bob Baker -> Ann Archer',
  'Bob Baker -> Dan Dale (1x, 2)',
  'Cat Cole -> Ann Archer (1x, 2)',
  'Dan Dale -> Bob Baker (1x, 2)',
  'Dan Dale -> Eve Evans',
];

const DAY = 86_400_000;
/** `days` ago, plus `minutes`: an ISO time. */
export const ago = (days: number, minutes = 0) => new Date(Date.now() - days * DAY + minutes * 60_000).toISOString();

type Extra = Partial<FakeChatMessage> & { mentions?: FakeChatMessage['mentions'] };
const mention = (...ids: string[]): FakeChatMessage['mentions'] =>
  ids.map((id, i) => ({
    id: i,
    mentionText: NAMES[id] ?? id,
    mentioned: { user: { id, displayName: NAMES[id] ?? id } },
  }));

/** A message by `from` (a user id, 'app' for a bot, null for the system) `days` ago. */
export function message(id: string, from: string | null, when: string, extra: Extra = {}): FakeChatMessage {
  return {
    id,
    replyToId: null,
    messageType: 'message',
    createdDateTime: when,
    lastModifiedDateTime: when,
    deletedDateTime: null,
    from:
      from === null
        ? null
        : from === 'app'
          ? { user: null, application: { id: 'bot-app-id', displayName: 'Polly' } }
          : { user: { id: from, displayName: NAMES[from] ?? from }, application: null },
    mentions: [],
    body: { contentType: 'html', content: `<p>${MARKER} body</p>` },
    subject: null,
    ...extra,
  };
}

const reply = (id: string, root: string, from: string | null, when: string, extra: Extra = {}) =>
  message(id, from, when, { replyToId: root, ...extra });

export const CH = {
  general: '19:general0000000000000000000000@thread.tacv2',
  private: '19:private0000000000000000000000@thread.tacv2',
  sales: '19:sales000000000000000000000000@thread.tacv2',
};
export const CHAT = {
  annBob: '19:11111111_22222222@unq.gbl.spaces',
  four: '19:group4000000000000000000000000@thread.v2',
  danEve: '19:group2000000000000000000000000@thread.v2',
};

/**
 * Teams. General (newest first by last modification: m4, m3, m1, m0, m2):
 * - m1 Ann, mentions Bob: mention Ann -> Bob. Replies: r1 Bob: reply Bob -> Ann; r2 Cat, mentions Ann
 *   and Dan: reply Cat -> Ann, mentions Cat -> Ann, Cat -> Dan; r3 Ann (herself: nothing); r4 Dan,
 *   deleted: nothing; r5 a bot: nothing.
 * - m2 a system message (70 days ago): nothing. m3 a bot, mentions Ann: nothing; its reply r6 by Dan:
 *   nothing (the parent is no person). m4 Dan, mentions himself and Eve: mention Dan -> Eve.
 * - m0 Bob, 60 days ago, mentions Cat: mention Bob -> Cat.
 * Private (private channel): m5 Eve, mentions Bob: mention Eve -> Bob; reply r7 Bob: reply Bob -> Eve.
 * Sales (another team): m6 Cat, 200 days ago (past the retention: not read), mentions Ann; m7 Cat,
 * mentions the guest: nothing (out of the directory).
 */
function teams(): FakeTeam[] {
  return [
    {
      id: 'team-contoso',
      displayName: 'Contoso',
      members: [U.ann, U.bob, U.cat, U.dan, U.eve],
      channels: [
        {
          id: CH.general,
          displayName: 'General',
          membershipType: 'standard',
          messages: [
            {
              ...message('m1', U.ann, ago(5), { mentions: mention(U.bob), subject: `${MARKER} subject` }),
              replies: [
                reply('r1', 'm1', U.bob, ago(5, 1)),
                reply('r2', 'm1', U.cat, ago(5, 2), { mentions: mention(U.ann, U.dan) }),
                reply('r3', 'm1', U.ann, ago(5, 3)),
                reply('r4', 'm1', U.dan, ago(5, 4), { deletedDateTime: ago(5, 5) }),
                reply('r5', 'm1', 'app', ago(5, 6)),
              ],
            },
            { ...message('m2', null, ago(70), { messageType: 'systemEventMessage' }), replies: [] },
            {
              ...message('m3', 'app', ago(4), { mentions: mention(U.ann) }),
              replies: [reply('r6', 'm3', U.dan, ago(4, 1))],
            },
            { ...message('m4', U.dan, ago(3), { mentions: mention(U.dan, U.eve) }), replies: [] },
            { ...message('m0', U.bob, ago(60), { mentions: mention(U.cat) }), replies: [] },
          ],
        },
        {
          id: CH.private,
          displayName: 'Leadership',
          membershipType: 'private',
          messages: [
            {
              ...message('m5', U.eve, ago(2), { mentions: mention(U.bob) }),
              replies: [reply('r7', 'm5', U.bob, ago(2, 1))],
            },
          ],
        },
      ],
    },
    {
      id: 'team-sales',
      displayName: 'Sales',
      members: [U.cat],
      channels: [
        {
          id: CH.sales,
          displayName: 'General',
          membershipType: 'standard',
          messages: [
            { ...message('m6', U.cat, ago(200), { mentions: mention(U.ann) }), replies: [] },
            { ...message('m7', U.cat, ago(1), { mentions: mention(GUEST) }), replies: [] },
          ],
        },
      ],
    },
  ];
}

/**
 * Chats, each a tie to every other member (recipients: members - 1):
 * - Ann & Bob: c1 Ann: chat Ann -> Bob; c2 Bob: chat Bob -> Ann; c3 members added (system): nothing;
 *   c4 Bob, mentions Ann: chat Bob -> Ann, mention Bob -> Ann.
 * - Ann, Bob, Cat, Dan (read once, though four people list it): c5 Cat: chat Cat -> Ann, Bob, Dan
 *   (3 recipients); c6 Ann, deleted: nothing; c7 a bot: nothing.
 * - Dan, Eve and the guest: c8 Eve: chat Eve -> Dan (the guest dropped; 2 recipients).
 */
function chats(): FakeTenant['chats'] {
  return [
    {
      id: CHAT.annBob,
      chatType: 'oneOnOne',
      topic: null,
      members: [U.ann, U.bob],
      messages: [
        message('c1', U.ann, ago(6)),
        message('c2', U.bob, ago(6, 30)),
        message('c3', null, ago(6, 60), { messageType: 'systemEventMessage' }),
        message('c4', U.bob, ago(6, 90), { mentions: mention(U.ann) }),
      ],
    },
    {
      id: CHAT.four,
      chatType: 'group',
      topic: `${MARKER} topic`,
      members: [U.ann, U.bob, U.cat, U.dan],
      messages: [
        message('c5', U.cat, ago(3)),
        message('c6', U.ann, ago(3, 1), { deletedDateTime: ago(3, 2), lastModifiedDateTime: ago(3, 2) }),
        message('c7', 'app', ago(3, 3)),
      ],
    },
    {
      id: CHAT.danEve,
      chatType: 'group',
      topic: null,
      members: [U.dan, U.eve, GUEST],
      messages: [message('c8', U.eve, ago(1))],
    },
  ];
}

export const TEAMS_EDGES = {
  teamsReply: ['Bob Baker -> Ann Archer', 'Bob Baker -> Eve Evans', 'Cat Cole -> Ann Archer'],
  teamsMention: [
    'Ann Archer -> Bob Baker',
    'Bob Baker -> Ann Archer',
    'Bob Baker -> Cat Cole',
    'Cat Cole -> Ann Archer',
    'Cat Cole -> Dan Dale',
    'Dan Dale -> Eve Evans',
    'Eve Evans -> Bob Baker',
  ],
  teamsChat: [
    'Ann Archer -> Bob Baker',
    'Bob Baker -> Ann Archer (2x, 2)',
    'Cat Cole -> Ann Archer',
    'Cat Cole -> Bob Baker',
    'Cat Cole -> Dan Dale',
    'Eve Evans -> Dan Dale',
  ],
};
/** Interactions in all: 3 replies, 7 mentions, 7 chat ties. */
export const TEAMS_COUNT = 17;

export function teamsData(): Partial<FakeTenant> {
  return {
    people: {
      [U.ann]: [
        person('Ann Archer', 'ann@contoso.com'),
        person('Bob Baker', 'bob@contoso.com'),
        person('Pat Partner', 'pat@fabrikam.com'),
        person('All Staff', 'allstaff@contoso.com', 'Group'),
        person('Cat Cole', 'Cat@Contoso.com'),
        person('Dan Dale', 'dan@contoso.com'),
        person('Gil Ghost', 'gil@contoso.com'),
        person('Eve Evans', 'eve@contoso.com'),
        { ...person('Bob Baker', 'bob@contoso.com'), id: 'p-bob-2' },
      ],
      [U.bob]: [
        person('Dan Dale', 'dan@contoso.com'),
        person('Ann Archer', 'ann@contoso.com'),
        person('Eve Evans', 'eve@contoso.com'),
      ],
      [U.cat]: [person('Pat Partner', 'pat@fabrikam.com'), person('Ann Archer', 'ann@contoso.com')],
      [U.dan]: [
        person('Bob Baker', 'bob@contoso.com'),
        person('Eve Evans', 'eve@contoso.com'),
        person('Cat Cole', 'cat@contoso.com'),
        person('Ann Archer', 'ann@contoso.com'),
      ],
    },
    teams: teams(),
    chats: chats(),
  };
}
