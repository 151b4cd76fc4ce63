export type UserType = 'creator' | 'supporter';

/** SPEC.md section 3, "Session user" (plus whether the email address is verified). */
export interface SessionUser {
  id: string;
  email: string;
  username: string | null;
  displayName: string;
  isCreator: boolean;
  userType: UserType;
  emailVerified: boolean;
}
