import { SIGN_UP_ACCOUNT_TYPES, signUpSchema } from '@ampelos/domain';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonNameInputs } from '../../../components/person-inputs.tsx';
import { paths } from '../../../config/paths.ts';
import { zodValidate } from '../../../lib/form.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSignUp } from '../api/sign-up.ts';
import { SignUpPromises } from './sign-up-promises.tsx';
import { SignUpThanks } from './sign-up-thanks.tsx';
import { useInvisibleRecaptcha } from './use-invisible-recaptcha.ts';

const formSchema = signUpSchema.omit({ recaptchaResponse: true, lang: true });

const initialValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  role: '' as string,
  acceptPrivacyPolicy: false,
  acceptTermsOfService: false,
  marketingOptIn: false,
};
type SignUpValues = typeof initialValues;

export function SignUpForm() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const config = usePublicConfig();
  const recaptcha = useInvisibleRecaptcha(config.data?.recaptchaSiteKey);
  const form = useForm({ mode: 'controlled', initialValues, validate: zodValidate(formSchema) });

  if (signUp.isSuccess) return <SignUpThanks />;

  const onSubmit = async (values: SignUpValues) => {
    let recaptchaResponse = '';
    try {
      recaptchaResponse = await recaptcha.execute();
    } catch {
      notifyError(t('signup.botCheckFailed'));
      return;
    }
    signUp.mutate({
      ...values,
      role: values.role as (typeof SIGN_UP_ACCOUNT_TYPES)[keyof typeof SIGN_UP_ACCOUNT_TYPES],
      acceptPrivacyPolicy: true,
      acceptTermsOfService: true,
      recaptchaResponse,
      lang: currentLang(),
    });
  };

  const consentLabel = (prefix: string, link: string, href: string, testId: string) => (
    <>
      {prefix}{' '}
      <Anchor href={href} target="_blank" rel="noopener" data-testid={testId}>
        {link}
      </Anchor>
    </>
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <Paper withBorder shadow="sm" p="xl">
        <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate>
          <Stack>
            <Title order={2}>{t('signup.title')}</Title>
            <Group grow align="flex-start">
              <PersonNameInputs form={form} testIdPrefix="signup" />
            </Group>
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
              data-testid="signup-email"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t('auth.password')}
              description={t('signup.passwordHint')}
              autoComplete="new-password"
              required
              data-testid="signup-password"
              {...form.getInputProps('password')}
            />
            <Radio.Group label={t('signup.accountType')} required {...form.getInputProps('role')}>
              <Group mt="xs">
                <Radio
                  value={SIGN_UP_ACCOUNT_TYPES.Business}
                  label={t('signup.business')}
                  data-testid="signup-account-business"
                />
                <Radio
                  value={SIGN_UP_ACCOUNT_TYPES.Personal}
                  label={t('signup.personal')}
                  data-testid="signup-account-personal"
                />
              </Group>
            </Radio.Group>
            <Checkbox
              label={consentLabel(
                t('signup.acceptPrefix'),
                t('signup.privacyPolicyLink'),
                paths.privacyPolicy.getHref(),
                'signup-privacy-link',
              )}
              data-testid="signup-accept-privacy"
              {...form.getInputProps('acceptPrivacyPolicy', { type: 'checkbox' })}
            />
            <Checkbox
              label={consentLabel(
                t('signup.acceptPrefix'),
                t('signup.termsLink'),
                paths.termsOfService.getHref(),
                'signup-terms-link',
              )}
              data-testid="signup-accept-terms"
              {...form.getInputProps('acceptTermsOfService', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('signup.marketingOptIn')}
              data-testid="signup-marketing-opt-in"
              {...form.getInputProps('marketingOptIn', { type: 'checkbox' })}
            />
            <div ref={recaptcha.containerRef} />
            <Button
              type="submit"
              loading={signUp.isPending || config.isPending}
              disabled={!form.values.acceptPrivacyPolicy || !form.values.acceptTermsOfService}
              data-testid="signup-submit"
            >
              {t('signup.submit')}
            </Button>
            <Anchor component={Link} to={paths.login.getHref()} size="sm">
              {t('signup.haveAccount')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
      <SignUpPromises />
    </SimpleGrid>
  );
}
