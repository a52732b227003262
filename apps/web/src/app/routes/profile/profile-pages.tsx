import { AddressBook } from '../../../features/addresses/components/address-book.tsx';
import { AboutAmpelos } from '../../../features/legal/components/about-ampelos.tsx';
import { DataExport } from '../../../features/privacy/components/data-export.tsx';
import { PersonalDetails } from '../../../features/profile/components/personal-details.tsx';
import { SettingsPage } from '../../../features/settings/components/settings-page.tsx';
import { useUser } from '../../../lib/auth.ts';

/** Private routes render only with a user (RequireAuth), so `user` is present here. */
export function PersonalDetailsRoute() {
  const { data: user } = useUser();
  return user ? <PersonalDetails user={user} /> : null;
}

export function AddressBookRoute() {
  return <AddressBook />;
}

export function SettingsRoute() {
  const { data: user } = useUser();
  return user ? <SettingsPage user={user} dataExport={<DataExport />} /> : null;
}

export function AboutRoute() {
  return <AboutAmpelos />;
}
