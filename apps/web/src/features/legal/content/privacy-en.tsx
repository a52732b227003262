import type { LegalSection } from '../components/legal-page.tsx';

export const PRIVACY_EN_TITLE = 'Privacy Policy';
export const PRIVACY_EN_UPDATED = 'Last updated 14-02-2021';

export const PRIVACY_EN_INTRO =
  'This policy explains what personal data Ampelos collects, why, how long it is kept and the rights you have over it.';

export const PRIVACY_EN_SECTIONS: LegalSection[] = [
  {
    heading: '1. How we use your data',
    items: [
      'To run, maintain and improve the service.',
      'To personalise the service for you.',
      'To provide customer support.',
      'To process your transactions.',
      'To run promotions.',
      'To send periodic e-mails, only with your consent. Every e-mail contains an unsubscribe link.',
    ],
  },
  {
    heading: '2. How long we keep your data',
    items: [
      'We keep your data while your account is active, for up to 6 years unless you delete your account.',
      'After you delete your account, we keep your data for at most 60 days.',
      'We may keep data in aggregated form, for example to train machine-learning and object-detection models.',
    ],
  },
  {
    heading: '3. Transfers and disclosure',
    items: [
      'Your data may be transferred to and processed in other countries, including in Europe.',
      'We may disclose data when the law requires it, and as part of a sale or merger of the business.',
      'We do not support Do Not Track signals.',
    ],
  },
  {
    heading: '4. Third parties',
    paragraphs: ['We work with the following kinds of third parties:'],
    items: [
      'a web-analytics service;',
      'an advertising pixel;',
      'remarketing through an advertising network;',
      'a social network;',
      'a microblogging network;',
      'a card payment provider. Card details are never stored by Ampelos.',
    ],
  },
  {
    heading: '5. Children',
    paragraphs: [
      'The service is not intended for people under 18. If we learn that we hold data from a minor, we delete it.',
    ],
  },
  {
    heading: '6. Data breaches',
    items: [
      'If a personal data breach occurs, we notify you without undue delay, at the latest within 7 days of the breach being reported to us.',
      'Another part of this policy sets the notice period at 72 hours after we become aware of the breach.',
      'The notice names the categories of data affected, the number of people affected, the likely consequences, the measures taken and our recommendation to you.',
    ],
  },
  {
    heading: '7. Your requests',
    paragraphs: ['We answer requests about your personal data within one month.'],
  },
  {
    heading: '8. Changes to this policy',
    paragraphs: [
      'We announce changes by e-mail or by a notice in the service. The effective date is shown at the top of this page.',
    ],
  },
  {
    heading: '9. Images you upload',
    paragraphs: [
      'Images uploaded under a bring-your-own-images package are validated against the geolocation of the field the package was paid for. Images taken over another field are invalid.',
    ],
  },
];
