// Every message of the app, per language and area. Each area (namespace) is one JSON file per
// language; `locales.test.ts` fails when a language lacks a key English has, or has one it lacks.
import deAccount from './locales/de/account.json';
import deAdmin from './locales/de/admin.json';
import deAuth from './locales/de/auth.json';
import deCommon from './locales/de/common.json';
import deOrg from './locales/de/org.json';
import deSso from './locales/de/sso.json';
import enAccount from './locales/en/account.json';
import enAdmin from './locales/en/admin.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enOrg from './locales/en/org.json';
import enSso from './locales/en/sso.json';
import esAccount from './locales/es/account.json';
import esAdmin from './locales/es/admin.json';
import esAuth from './locales/es/auth.json';
import esCommon from './locales/es/common.json';
import esOrg from './locales/es/org.json';
import esSso from './locales/es/sso.json';
import frAccount from './locales/fr/account.json';
import frAdmin from './locales/fr/admin.json';
import frAuth from './locales/fr/auth.json';
import frCommon from './locales/fr/common.json';
import frOrg from './locales/fr/org.json';
import frSso from './locales/fr/sso.json';

export const resources = {
  en: { common: enCommon, auth: enAuth, account: enAccount, admin: enAdmin, org: enOrg, sso: enSso },
  de: { common: deCommon, auth: deAuth, account: deAccount, admin: deAdmin, org: deOrg, sso: deSso },
  fr: { common: frCommon, auth: frAuth, account: frAccount, admin: frAdmin, org: frOrg, sso: frSso },
  es: { common: esCommon, auth: esAuth, account: esAccount, admin: esAdmin, org: esOrg, sso: esSso },
} as const;
