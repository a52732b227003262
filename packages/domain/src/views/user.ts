import type { Permission } from '../roles/permissions.ts';
import type { Role } from '../roles/roles.ts';
import type { Lang } from '../validation/user.ts';

export interface AvatarView {
  xs: string | null;
  md: string | null;
}

/** What `GET /user` answers: the signed-in user, never a hash or token. */
export interface UserView {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string | null;
  location: string | null;
  role: Role;
  lang: Lang;
  avatar: AvatarView | null;
  emailVerified: boolean;
  marketingOptIn: boolean;
  createdAt: string;
  permissions: Permission[];
}

export interface AddressView {
  id: number;
  city: string;
  country: string;
  state: string;
  zip_postcode: string;
  line_1: string;
  line_2: string | null;
  line_3: string | null;
  isBilling: boolean;
  isShipping: boolean;
}

/** The 400 body of spec section 8. */
export interface ErrorBody {
  errors: { msg: string; path?: string }[];
}
