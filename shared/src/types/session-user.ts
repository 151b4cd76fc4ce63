export type UserType = 'creator' | 'supporter';

/** SPEC.md section 3, "Session user". */
export interface SessionUser {
  id: string;
  email: string;
  username: string | null;
  displayName: string;
  isCreator: boolean;
  userType: UserType;
}
