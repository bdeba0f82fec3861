import { Suspense } from 'react';
import { Box, Center, Loader, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';

/** The frame of the public pages (login, sign-up, reset, social callback): one centred card. */
export function AuthLayout() {
  return (
    <Box
      component="main"
      mih="100dvh"
      px={{ base: 'sm', sm: 'md' }}
      py={{ base: 'lg', sm: 48 }}
      bg="var(--mantine-color-gray-0)"
    >
      <Stack maw={460} mx="auto" gap="lg">
        <Center>
          <BrandLogo size="lg" />
        </Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Paper>
      </Stack>
    </Box>
  );
}
