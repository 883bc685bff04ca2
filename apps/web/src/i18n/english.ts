// English, the fallback: bundled with the app. The other languages are loaded when chosen (index.ts).
import account from './locales/en/account.json';
import admin from './locales/en/admin.json';
import auth from './locales/en/auth.json';
import codes from './locales/en/codes.json';
import common from './locales/en/common.json';
import directory from './locales/en/directory.json';
import enterprise from './locales/en/enterprise.json';
import org from './locales/en/org.json';
import sso from './locales/en/sso.json';
import teams from './locales/en/teams.json';

export const english = { common, directory, codes, auth, account, admin, org, sso, enterprise, teams } as const;
