import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AreaFallback } from './area-status';
import { RemoteAreaError } from './load-remote-area';

interface Props {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** One boundary per routed area, so a broken remote never blanks the rest of the site. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] ${this.props.area} failed`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const detail =
      error instanceof RemoteAreaError && error.kind === 'incompatible'
        ? `This part of the site was deployed for a different version of the page (${error.message}) Reload the page to get the latest version.`
        : error instanceof RemoteAreaError
          ? 'We could not reach this part of the site. The rest of the site still works; try again in a moment.'
          : 'Something went wrong while showing this page. The rest of the site still works; try again in a moment.';
    return <AreaFallback area={this.props.area} detail={detail} onRetry={this.props.onRetry} />;
  }
}
