import type { Lang, UserView } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applyUserLang } from '../../../lib/i18n.ts';
import { USER_QUERY_KEY } from '../../../lib/react-query.ts';

export const changeLanguage = (lang: Lang) =>
  api.post<{ user: UserView }>('/user/settings/changeLanguage', { lang }, { handledStatuses: [400] });

/** On success the interface switches language and the user query refetches. */
export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLanguage,
    onSuccess: ({ user }, lang) => {
      applyUserLang(user?.lang ?? lang);
      return queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
