import { userDefaults, type CreateUserBody, type EnabledDisabled, type Profile, type UpdateUserBody, type User } from '@atende/kit/contracts';

/**
 * The user dialog's form state. Enabled/disabled settings are switches (booleans) in the form
 * and go back to the API's words on save; work hours are 'HH:mm' texts.
 */
export type UserFormValues = {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allTicket: boolean;
  allowGroup: boolean;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  allHistoric: boolean;
  allUserChat: boolean;
  userClosePendingTicket: boolean;
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
  whatsappId: number | null;
  queueIds: number[];
  super: boolean;
};

/** What the editing user may touch in the dialog (spec 001 §2, 000 §6). */
export type UserFormAccess = {
  /** user-modal:editProfile — profile, work hours, permissions tab. */
  editProfile: boolean;
  /** user-modal:editQueues — queues and default connection. */
  editQueues: boolean;
  /** Only a super user may grant the super flag. */
  editSuper: boolean;
  /** The profile dialog: the user edits their own name, email, password and preferences only. */
  profileMode: boolean;
};

const on = (v: EnabledDisabled | null | undefined): boolean => v === 'enabled';
const ed = (v: boolean): EnabledDisabled => (v ? 'enabled' : 'disabled');

/** Form values for an existing user, or the new-user defaults of spec 001 §3. */
export function toFormValues(user?: User | null): UserFormValues {
  const src = user ?? { ...userDefaults, name: '', email: '' };
  return {
    name: src.name,
    email: src.email,
    password: '',
    profile: src.profile,
    startWork: src.startWork || userDefaults.startWork,
    endWork: src.endWork || userDefaults.endWork,
    farewellMessage: src.farewellMessage ?? '',
    allTicket: src.allTicket === 'enable',
    allowGroup: src.allowGroup,
    defaultTheme: src.defaultTheme,
    defaultMenu: src.defaultMenu,
    allHistoric: on(src.allHistoric),
    allUserChat: on(src.allUserChat),
    userClosePendingTicket: on(src.userClosePendingTicket),
    showDashboard: on(src.showDashboard),
    allowRealTime: on(src.allowRealTime),
    allowConnections: on(src.allowConnections),
    whatsappId: src.whatsappId ?? null,
    queueIds: [...src.queueIds],
    super: src.super,
  };
}

/** Fields a user edits on themself in the profile dialog. */
function ownFields(v: UserFormValues) {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    farewellMessage: v.farewellMessage.trim() ? v.farewellMessage : null,
    defaultTheme: v.defaultTheme,
    defaultMenu: v.defaultMenu,
  };
}

function managedFields(v: UserFormValues, access: UserFormAccess): Partial<CreateUserBody> {
  const out: Partial<CreateUserBody> = {};
  if (access.editProfile) {
    Object.assign(out, {
      profile: v.profile,
      startWork: v.startWork,
      endWork: v.endWork,
      allTicket: v.allTicket ? 'enable' : 'disable',
      allowGroup: v.allowGroup,
      allHistoric: ed(v.allHistoric),
      allUserChat: ed(v.allUserChat),
      userClosePendingTicket: ed(v.userClosePendingTicket),
      showDashboard: ed(v.showDashboard),
      allowRealTime: ed(v.allowRealTime),
      allowConnections: ed(v.allowConnections),
    } satisfies Partial<CreateUserBody>);
  }
  if (access.editQueues) {
    out.whatsappId = v.whatsappId ?? null;
    out.queueIds = [...v.queueIds];
  }
  if (access.editSuper) out.super = v.super;
  return out;
}

/** POST /api/users body. */
export function toCreateBody(v: UserFormValues, access: UserFormAccess): CreateUserBody {
  return { ...managedFields(v, access), ...ownFields(v), password: v.password };
}

/** PUT /api/users/:id body; an empty password means 'unchanged'. */
export function toUpdateBody(v: UserFormValues, access: UserFormAccess): UpdateUserBody {
  const password = v.password ? v.password : '';
  if (access.profileMode) return { ...ownFields(v), password };
  return { ...managedFields(v, access), ...ownFields(v), password };
}
