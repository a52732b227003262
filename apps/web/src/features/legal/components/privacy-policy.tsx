import { useTranslation } from 'react-i18next';
import {
  PRIVACY_EL_INTRO,
  PRIVACY_EL_SECTIONS,
  PRIVACY_EL_TITLE,
  PRIVACY_EL_UPDATED,
} from '../content/privacy-el.tsx';
import {
  PRIVACY_EN_INTRO,
  PRIVACY_EN_SECTIONS,
  PRIVACY_EN_TITLE,
  PRIVACY_EN_UPDATED,
} from '../content/privacy-en.tsx';
import { LegalPage } from './legal-page.tsx';

/** English or Greek, following the current language (spec section 1). */
export function PrivacyPolicy() {
  const { i18n } = useTranslation();
  const greek = i18n.language === 'el';
  return (
    <LegalPage
      title={greek ? PRIVACY_EL_TITLE : PRIVACY_EN_TITLE}
      updated={greek ? PRIVACY_EL_UPDATED : PRIVACY_EN_UPDATED}
      intro={greek ? PRIVACY_EL_INTRO : PRIVACY_EN_INTRO}
      sections={greek ? PRIVACY_EL_SECTIONS : PRIVACY_EN_SECTIONS}
      testId="privacy-policy"
    />
  );
}
