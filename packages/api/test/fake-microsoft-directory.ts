import { type FakeGraphRoute, type FakeMsUser, graphError, pageOf, selected } from './fake-microsoft';

// The fake's directory calls (users, groups and their members, managers): see fake-microsoft.ts.

const userView = (u: FakeMsUser) => ({
  id: u.id,
  displayName: u.displayName,
  mail: u.mail,
  userPrincipalName: u.userPrincipalName,
  department: u.department ?? null,
  jobTitle: u.jobTitle ?? null,
  officeLocation: u.officeLocation ?? null,
  accountEnabled: u.accountEnabled ?? true,
});

/** The directory: users, groups and their members, managers. */
export const directoryRoutes: FakeGraphRoute[] = [
  (req, fake) => {
    if (req.path !== '/v1.0/users') return undefined;
    return pageOf(
      req,
      fake,
      fake.tenant.users.map((u) => selected(req, { ...userView(u), '@odata.type': '#microsoft.graph.user' })),
    );
  },
  (req, fake) => {
    const m = /^\/v1\.0\/groups\/([^/]+)(\/members)?$/.exec(req.path);
    if (!m) return undefined;
    const group = fake.tenant.groups.find((g) => g.id === m[1]);
    if (!group)
      return graphError(
        404,
        'Request_ResourceNotFound',
        `Resource '${m[1]}' does not exist or one of its queried reference-property objects are not present.`,
      );
    if (!m[2]) return { status: 200, body: selected(req, { id: group.id, displayName: group.displayName }) };
    const members = group.members
      .map((id) => fake.tenant.users.find((u) => u.id === id))
      .filter((u): u is FakeMsUser => !!u)
      .map((u) => selected(req, { '@odata.type': '#microsoft.graph.user', ...userView(u) }));
    return pageOf(req, fake, members);
  },
  (req, fake) => {
    const m = /^\/v1\.0\/users\/([^/]+)\/manager$/.exec(req.path);
    if (!m) return undefined;
    const user = fake.tenant.users.find((u) => u.id === m[1] || u.userPrincipalName === m[1]);
    if (!user) return graphError(404, 'Request_ResourceNotFound', `Resource '${m[1]}' does not exist.`);
    const manager = fake.tenant.users.find((u) => u.id === user.managerId);
    if (!manager)
      return graphError(
        404,
        'Request_ResourceNotFound',
        `Resource 'manager' does not exist or one of its queried reference-property objects are not present.`,
      );
    return { status: 200, body: selected(req, { '@odata.type': '#microsoft.graph.user', ...userView(manager) }) };
  },
];
