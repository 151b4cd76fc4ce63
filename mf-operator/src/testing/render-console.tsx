import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import OperatorArea from '../exposes/operator';

/** The console as the shell mounts it (route "/operator/*", base path "/operator"), opened at `route`. */
export function renderConsole(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/operator/*" element={<OperatorArea basePath="/operator" />} />
    </Routes>,
    { route },
  );
}
