export type UserType = 'creator' | 'supporter';

/** The session user (docs/product-rules.md#accounts-and-sign-in), with whether the email address is verified. */
export interface SessionUser {
  id: string;
  email: string;
  username: string | null;
  displayName: string;
  isCreator: boolean;
  userType: UserType;
  emailVerified: boolean;
  /** Set (true) only for operators: the shell then offers the operator console. */
  isOperator?: boolean;
}
