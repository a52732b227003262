import type { CompanyListView } from '@ampelos/domain';
import { Avatar, Badge, Box, Text, UnstyledButton } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../../../components/list-row.module.css';

interface CompaniesListProps {
  companies: readonly CompanyListView[];
  activeUuid: string | null;
  onSelect: (uuid: string) => void;
  /** Height of the scrolling list. */
  h: string | number;
}

/** One row per company (spec section 2): logo, title, activity, user count. */
export function CompaniesList({ companies, activeUuid, onSelect, h }: CompaniesListProps) {
  const { t } = useTranslation();
  return (
    <Box h={h} style={{ overflowY: 'auto' }} data-testid="companies-list">
      {companies.map((company) => {
        const active = company.uuid === activeUuid;
        return (
          <UnstyledButton
            key={company.uuid}
            className={classes.row}
            data-active={active || undefined}
            aria-current={active ? 'true' : undefined}
            onClick={() => onSelect(company.uuid)}
            data-testid="company-row"
            data-uuid={company.uuid}
            data-kind={company.kind}
          >
            <Avatar src={company.avatar?.xs ?? null} size={40} radius="md" color="grape" alt="">
              <IconBuilding size={20} stroke={1.5} />
            </Avatar>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="company-row-title">
                {company.title}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {company.activity ?? t(`companies.kinds.${company.kind}`)}
              </Text>
            </Box>
            <Badge
              variant="light"
              color="gray"
              size="sm"
              style={{ flexShrink: 0 }}
              aria-label={t('companies.userCount', { count: company.userCount })}
              data-testid="company-row-users"
            >
              {company.userCount}
            </Badge>
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
