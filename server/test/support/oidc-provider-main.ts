// The test OpenID Connect provider as a process of its own, for browser tests:
//   OIDC_TEST_PORT=4455 OIDC_TEST_REDIRECT_URIS=http://127.0.0.1:3000/auth/oidc/callback \
//     node --import tsx server/test/support/oidc-provider-main.ts
// Ready when it prints "OIDC provider ready at <issuer>" (or GET /health answers 200); runs until
// SIGTERM or SIGINT. Sign in with the login `anna.sso` or `otto.ohne` and any password.
import { startOidcProvider, type TestAccount } from './oidc-provider.ts';

/** The group that lets a company account into the portal (anna.sso has it, otto.ohne does not). */
const DEMO_PORTAL_GROUP = 'portal-verkauf';
/** The location claim of anna.sso. */
const DEMO_LOCATION = 'Filiale Hamburg';
/** A group that is not the portal's. */
const DEMO_OTHER_GROUP = 'andere-gruppe';

const DEMO_ACCOUNTS: TestAccount[] = [
  {
    id: 'anna.sso',
    claims: {
      email: 'anna.sso@filialportal.local',
      email_verified: true,
      given_name: 'Anna',
      family_name: 'Sommer',
      name: 'Anna Sommer',
      groups: [DEMO_PORTAL_GROUP],
      location: DEMO_LOCATION,
    },
  },
  {
    id: 'otto.ohne',
    claims: {
      email: 'otto.ohne@filialportal.local',
      email_verified: true,
      given_name: 'Otto',
      family_name: 'Ohne',
      name: 'Otto Ohne',
      groups: [DEMO_OTHER_GROUP],
    },
  },
];

function fail(message: string): never {
  console.error(`oidc-provider-main: ${message}`);
  process.exit(1);
}

const port = Number(process.env.OIDC_TEST_PORT);
if (!process.env.OIDC_TEST_PORT || !Number.isInteger(port) || port < 0 || port > 65535) fail('OIDC_TEST_PORT must be a port number');
const redirectUris = (process.env.OIDC_TEST_REDIRECT_URIS ?? '')
  .split(',')
  .map((uri) => uri.trim())
  .filter(Boolean);
if (!redirectUris.length) fail('OIDC_TEST_REDIRECT_URIS must name at least one redirect URI (comma-separated)');

const provider = await startOidcProvider({
  port,
  redirectUris,
  clientSecret: process.env.OIDC_TEST_CLIENT_SECRET || undefined,
  accounts: DEMO_ACCOUNTS,
});
console.log(`OIDC provider ready at ${provider.issuer}`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    provider.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
