import type { Row } from '../db/types.js';

export interface SessionRow extends Row {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  dontRemember?: boolean | null;
}

export interface UserRow extends Row {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  /** The raw token the caller presented (the database keeps only its hash). */
  token: string;
  /**
   * Made for this request from a machine credential (a plugin's session source: an API key),
   * not from a person's sign-in: the routes that add or change a way in refuse it (`requirePerson`).
   */
  machine?: boolean;
}
