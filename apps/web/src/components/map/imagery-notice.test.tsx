// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render.tsx';
import { ImageryNotice } from './imagery-watch.tsx';

describe('ImageryNotice', () => {
  it('tells a user drawing a field that drawing still works, and a map that only shows fields what it shows', () => {
    mockApi({});
    const center = { lng: 22.66, lat: 37.82 };
    const { unmount } = renderWithProviders(<ImageryNotice center={center} placement="top" drawing />, {
      lang: 'el',
    });
    expect(screen.getByTestId('map-imagery-notice').textContent).toContain('Μπορείτε ακόμη να σχεδιάσετε');
    unmount();
    renderWithProviders(<ImageryNotice center={center} placement="bottom" />, { lang: 'el' });
    const notice = screen.getByTestId('map-imagery-notice');
    expect(notice.textContent).not.toContain('σχεδιάσετε');
    expect(notice.textContent).toContain('Τα περιγράμματα, οι συντεταγμένες και η κλίμακα');
    expect(screen.getByTestId('map-imagery-coordinates').textContent).toBe('Κέντρο 37.82000° Β, 22.66000° Α');
  });
});
