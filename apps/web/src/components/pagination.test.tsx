import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { installBrowserShims } from '../test/render';
import { Pagination } from './pagination';

function renderPagination(page: number, totalElements: number, onChange = vi.fn()) {
  installBrowserShims();
  render(
    <MantineProvider>
      <Pagination page={page} pageSize={5} totalElements={totalElements} onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
}

afterEach(cleanup);

describe('Pagination', () => {
  it("shows 'total N, items a-b' and at most five page buttons", () => {
    renderPagination(0, 100);
    expect(screen.getByText('총 100개, 1-5')).toBeTruthy();
    const pages = screen.getAllByRole('button', { name: /페이지$/ });
    expect(pages.map((button) => button.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: '1 페이지' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('moves with previous and next, disabled at the ends', () => {
    const onChange = renderPagination(0, 12);
    expect(screen.getByRole('button', { name: '이전' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('keeps the current page centred and counts the last page', () => {
    renderPagination(9, 100);
    expect(screen.getByText('총 100개, 46-50')).toBeTruthy();
    const pages = screen.getAllByRole('button', { name: /페이지$/ });
    expect(pages.map((button) => button.textContent)).toEqual(['8', '9', '10', '11', '12']);
    cleanup();
    renderPagination(2, 12);
    expect(screen.getByText('총 12개, 11-12')).toBeTruthy();
    expect(screen.getByRole('button', { name: '다음' })).toHaveProperty('disabled', true);
  });
});
