import { roleLabel } from '@ampelos/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Role labels: the domain's English label, or the Greek translation when the language is Greek. */
export function useRoleLabel(): (role: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (role: string) =>
      i18n.language === 'el' ? t(`roles.${role}`, { defaultValue: roleLabel(role) }) : roleLabel(role),
    [t, i18n.language],
  );
}
