import type { ProviderDefinition } from '../types.js';
import { apple } from './apple.js';
import { discord } from './discord.js';
import { dropbox } from './dropbox.js';
import { facebook } from './facebook.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import { google } from './google.js';
import { linkedin } from './linkedin.js';
import { microsoft } from './microsoft.js';
import { reddit } from './reddit.js';
import { spotify } from './spotify.js';
import { twitch } from './twitch.js';
import { twitter } from './twitter.js';

/** The providers of spec section 1, by id. */
export const PROVIDERS: Record<string, ProviderDefinition> = Object.fromEntries(
  [apple, discord, facebook, github, microsoft, google, spotify, twitch, twitter, dropbox, linkedin, gitlab, reddit].map((p) => [p.id, p]),
);
