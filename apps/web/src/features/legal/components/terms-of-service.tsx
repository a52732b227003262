import { useTranslation } from 'react-i18next';
import { TERMS_INTRO, TERMS_SECTIONS, TERMS_UPDATED } from '../content/terms-en.tsx';
import { LegalPage } from './legal-page.tsx';

/** The terms exist in English only (spec section 1). */
export function TermsOfService() {
  const { t } = useTranslation();
  return (
    <LegalPage
      title={t('legal.termsTitle')}
      updated={TERMS_UPDATED}
      intro={TERMS_INTRO}
      sections={TERMS_SECTIONS}
      testId="terms-of-service"
    />
  );
}
