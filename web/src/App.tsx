import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from './auth/AuthContext';
import { AppRoutes } from './routes';
import { SocketProvider } from './socket/SocketContext';
import { PublicSettingsProvider } from './theme/PublicSettingsContext';
import { AppThemeProvider } from './theme/ThemeContext';

export function App() {
  return (
    <PublicSettingsProvider>
      <AppThemeProvider>
        <BrowserRouter>
          <AuthProvider>
            <SocketProvider>
              <AppRoutes />
            </SocketProvider>
          </AuthProvider>
        </BrowserRouter>
      </AppThemeProvider>
    </PublicSettingsProvider>
  );
}
