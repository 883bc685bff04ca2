import { BASE_ERRORS } from '../errors.js';
import { CORE_TEXTS } from './core-texts.js';
import { de } from './core/de.js';
import { es } from './core/es.js';
import { fr } from './core/fr.js';
import { defineTranslations, type MessageSource } from './types.js';

/** The core's catalogue and texts with their translations: the first source of every Translator. */
export const CORE_MESSAGES: MessageSource = defineTranslations(BASE_ERRORS, CORE_TEXTS, { de, fr, es });
