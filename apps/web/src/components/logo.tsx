import { Anchor, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function Logo() {
  return (
    <Anchor component={Link} to={paths.home.getHref()} underline="never" aria-label="Ampelos">
      <Group gap="xs" wrap="nowrap">
        <Image src="/icon.svg" alt="" w={32} h={32} />
        <Text fw={700} size="lg" c="grape.8">
          Ampelos
        </Text>
      </Group>
    </Anchor>
  );
}
