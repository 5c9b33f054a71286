import { passTokenToLinks, takeAccessToken } from './access-token';
import type { BridgeConfig } from './bridge-config';
import type { ParentCommand } from './commands';
import { captureConsole } from './console-capture';
import { captureDataApiErrors } from './data-api-capture';
import { captureErrors } from './error-capture';
import { followFirstPaints } from './first-paint';
import { createLiveStyles } from './live-styles';
import { createLayoutMode } from './layout-mode';
import { followLiveBuilds } from './live-updates';
import { followLoadPhase } from './load-phase';
import { navigate, reportableUrl, reportUrlChanges } from './navigation';
import { connectToParent } from './parent-window';
import { createPreviewEdits } from './preview-edits';
import { keepStorageWorking } from './storage';
import { createThumbnailCapture } from './thumbnail-capture';
import { cut } from './values';

/**
 * The bridge between Mason's window and the previewed app, run in the preview page before the
 * app's own script (the preview host serves it bundled, see bridge-script.ts; main.ts reads its
 * config from the page).
 *
 * It hides the access token from the app, reports the app's URL, console and uncaught errors to
 * Mason, runs Mason's commands (navigate, back, forward, reload, layout mode, preview edits, a
 * thumbnail of the page), follows the live channel's new builds (in place through the hot
 * runtime when the host made an update, with a reload otherwise) and sends the host the page's
 * first paint for its next cold open. Opened in a tab of its own, the page has nobody to talk to:
 * then only the storage, the token, the error reports to the host and the live channel work.
 */
export function installBridge(config: BridgeConfig): void {
  const parent = connectToParent(config);
  const { post } = parent;
  // Said when the app first uses the storage: after 'ready', as the app runs after the bridge.
  keepStorageWorking((name) =>
    post({
      type: 'notice',
      text: `This browser blocks ${name} in a framed preview, so the app keeps it in memory here: it is lost on reload. Open the preview in a new tab to keep it.`,
    }),
  );
  const token = takeAccessToken(config.tokenParam);
  const edits = createPreviewEdits();

  passTokenToLinks(token);
  const loadPhase = followLoadPhase();
  captureErrors({
    post,
    errorsUrl: config.errorsUrl,
    withToken: token.withToken,
    phase: loadPhase.current,
  });
  const thumbnail = createThumbnailCapture(post);
  const firstPaints = followFirstPaints({ config, token });
  followLiveBuilds({
    config,
    token,
    post,
    edits,
    // A new version's first render starts as it is announced, and again once it is swapped in.
    onAnnounced: () => {
      thumbnail.liveActivity();
      loadPhase.restart();
    },
    onUpdated: (buildKey) => {
      loadPhase.restart();
      firstPaints.shown(buildKey);
    },
  });

  if (!parent.embedded) return;

  reportUrlChanges(post);
  captureConsole(post);
  captureDataApiErrors(post);
  const layoutMode = createLayoutMode(post, edits);
  const liveStyles = createLiveStyles(config, token);
  parent.listen((command: ParentCommand) => {
    switch (command.type) {
      case 'navigate':
        navigate(command.url, token.searchWithoutToken);
        return;
      case 'back':
        history.back();
        return;
      case 'forward':
        history.forward();
        return;
      case 'reload':
        location.replace(token.withToken(location.href));
        return;
      case 'layout-mode':
        firstPaints.interrupt();
        if (command.enabled) layoutMode.start();
        else layoutMode.stop();
        return;
      case 'preview-edits':
        firstPaints.interrupt();
        edits.apply(command.edits);
        liveStyles(command.edits);
        return;
      case 'capture-thumbnail':
        thumbnail.capture(command.versionId);
        return;
    }
  });

  post({
    type: 'ready',
    url: reportableUrl(),
    versionIndex: config.versionIndex,
    versionId: config.versionId,
  });
  if (config.buildFailure !== null) {
    post({
      type: 'build-failed',
      diagnostics: config.buildFailure.map(({ severity, file, line, column, message }) => ({
        severity,
        file,
        line,
        column,
        message: cut(message),
      })),
    });
  }
}
