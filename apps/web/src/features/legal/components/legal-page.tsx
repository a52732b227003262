import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  paragraphs?: ReactNode[];
  items?: ReactNode[];
}

interface LegalPageProps {
  title: string;
  updated: string;
  intro?: ReactNode;
  sections: LegalSection[];
  testId: string;
}

/** Shared frame of the long legal texts (their words live in ../content). */
export function LegalPage({ title, updated, intro, sections, testId }: LegalPageProps) {
  return (
    <Stack gap="md" maw={860} data-testid={testId} component="article">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" size="sm" data-testid="legal-updated">
        {updated}
      </Text>
      {intro && <Text>{intro}</Text>}
      {sections.map((section) => (
        <Stack key={section.heading} gap="xs" component="section">
          <Title order={3}>{section.heading}</Title>
          {section.paragraphs?.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
            <Text key={index}>{paragraph}</Text>
          ))}
          {section.items && (
            <List spacing="xs">
              {section.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                <List.Item key={index}>{item}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
