// The workspace a fake Slack serves (fake-slack.ts): the model tests fill, as Slack's methods answer it.

export interface FakeUser {
  id: string;
  team_id?: string;
  name: string;
  deleted?: boolean;
  is_bot?: boolean;
  is_app_user?: boolean;
  is_restricted?: boolean;
  is_stranger?: boolean;
  tz?: string;
  profile: {
    real_name?: string;
    display_name?: string;
    email?: string;
    title?: string;
    /** Custom profile fields by field id, as Slack writes them (no label: team.profile.get has those). */
    fields?: Record<string, { value: string; alt?: string }>;
  };
}

/** A custom profile field of the workspace, as team.profile.get describes it. */
export interface FakeProfileField {
  id: string;
  label: string;
  type?: 'text' | 'date' | 'link' | 'options_list' | 'user';
  hint?: string;
  possible_values?: string[] | null;
  is_hidden?: boolean;
}

export interface FakeChannel {
  id: string;
  name?: string;
  kind: 'public' | 'private' | 'im' | 'mpim';
  archived?: boolean;
  members: string[];
  /** The app was not invited: history answers not_in_channel (members still answer). */
  botNotIn?: boolean;
}

export interface FakeMessage {
  ts: string;
  user?: string;
  bot_id?: string;
  subtype?: string;
  thread_ts?: string;
  text?: string;
  blocks?: unknown[];
  reactions?: { name: string; users: string[]; count?: number }[];
}

export interface FakeUserGroup {
  id: string;
  handle: string;
  name: string;
  users: string[];
}

export interface FakeWorkspace {
  team: { id: string; name: string; domain: string };
  users: FakeUser[];
  channels: FakeChannel[];
  /** Every message of a channel, thread replies too (they carry thread_ts), in any order. */
  messages: Record<string, FakeMessage[]>;
  usergroups: FakeUserGroup[];
  /** The workspace's custom profile fields (team.profile.get); none when absent. */
  profileFields?: FakeProfileField[];
}
