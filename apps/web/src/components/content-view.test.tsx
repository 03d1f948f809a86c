import { TUTORIAL_DEFINITION } from '@far/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { ContentView, type ViewableContent } from './content-view';

const tutorial = (value: Record<string, unknown>, section: ViewableContent['section'] = 'business'): ViewableContent => ({
  id: 't1',
  name: 'Alta de una cuenta',
  systemName: 'tutorial',
  definition: TUTORIAL_DEFINITION,
  value,
  section,
});

describe('a tutorial as readers see it', () => {
  it('names the screen a step leads to by its title, not its path, for the reader’s section', () => {
    const steps = [
      { image: '/i.png', text: 'Abre el menú', link: '/account' },
      { image: '/i.png', text: 'Consulta', link: '/ayuda/fondeo' },
    ];
    const { unmount } = renderWithApp(<ContentView content={tutorial({ icon: '/i.png', type: 'imagen', images: steps })} />);
    expect(screen.getByRole('link', { name: 'Ir a Alta de cuentas' })).toHaveAttribute('href', '/account');
    expect(screen.queryByText(/\/account|\/ayuda/)).toBeNull();
    unmount();
    renderWithApp(
      <ContentView
        content={tutorial({ icon: '/i.png', type: 'imagen', images: [{ image: '/i.png', text: 'Aparta', link: '/dispersal/budget' }] }, 'wallet')}
      />,
    );
    expect(screen.getByRole('link', { name: 'Ir a Presupuestos' })).toHaveAttribute('href', '/dispersal/budget');
  });

  it('offers a plain link to a video file that cannot load, and under an embedded player', () => {
    const { container, unmount } = renderWithApp(<ContentView content={tutorial({ icon: '/i.png', type: 'video', url: 'https://cdn.example.mx/alta.mp4' })} />);
    expect(screen.queryByTestId('video-link')).toBeNull();
    fireEvent.error(container.querySelector('video')!);
    expect(screen.getByRole('link', { name: 'Ver el video «Alta de una cuenta» en otra pestaña' })).toHaveAttribute('href', 'https://cdn.example.mx/alta.mp4');
    unmount();
    renderWithApp(<ContentView content={tutorial({ icon: '/i.png', type: 'video', url: 'https://www.youtube.com/watch?v=abc' })} />);
    expect(screen.getByTitle('Alta de una cuenta')).toBeInTheDocument();
    expect(screen.getByTestId('video-link')).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abc');
  });
});
