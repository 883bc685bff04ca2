// Every message of the app, per language and area (for the tests and the keys' types: the app itself bundles only
// English and loads the others when chosen, see index.ts). Each area (namespace) is one JSON file per language;
// `locales.test.ts` fails when a language lacks a key English has, or has one it lacks.
import { english } from './english';
import deAccount from './locales/de/account.json';
import deAdmin from './locales/de/admin.json';
import deAuth from './locales/de/auth.json';
import deCodes from './locales/de/codes.json';
import deCommon from './locales/de/common.json';
import deDirectory from './locales/de/directory.json';
import deEnterprise from './locales/de/enterprise.json';
import deOrg from './locales/de/org.json';
import deSso from './locales/de/sso.json';
import deTeams from './locales/de/teams.json';
import esAccount from './locales/es/account.json';
import esAdmin from './locales/es/admin.json';
import esAuth from './locales/es/auth.json';
import esCodes from './locales/es/codes.json';
import esCommon from './locales/es/common.json';
import esDirectory from './locales/es/directory.json';
import esEnterprise from './locales/es/enterprise.json';
import esOrg from './locales/es/org.json';
import esSso from './locales/es/sso.json';
import esTeams from './locales/es/teams.json';
import frAccount from './locales/fr/account.json';
import frAdmin from './locales/fr/admin.json';
import frAuth from './locales/fr/auth.json';
import frCodes from './locales/fr/codes.json';
import frCommon from './locales/fr/common.json';
import frDirectory from './locales/fr/directory.json';
import frEnterprise from './locales/fr/enterprise.json';
import frOrg from './locales/fr/org.json';
import frSso from './locales/fr/sso.json';
import frTeams from './locales/fr/teams.json';

export const resources = {
  en: english,
  de: {
    common: deCommon,
    directory: deDirectory,
    codes: deCodes,
    auth: deAuth,
    account: deAccount,
    admin: deAdmin,
    org: deOrg,
    sso: deSso,
    enterprise: deEnterprise,
    teams: deTeams,
  },
  fr: {
    common: frCommon,
    directory: frDirectory,
    codes: frCodes,
    auth: frAuth,
    account: frAccount,
    admin: frAdmin,
    org: frOrg,
    sso: frSso,
    enterprise: frEnterprise,
    teams: frTeams,
  },
  es: {
    common: esCommon,
    directory: esDirectory,
    codes: esCodes,
    auth: esAuth,
    account: esAccount,
    admin: esAdmin,
    org: esOrg,
    sso: esSso,
    enterprise: esEnterprise,
    teams: esTeams,
  },
} as const;
