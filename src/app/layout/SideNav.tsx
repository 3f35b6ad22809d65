import { Link, useLocation } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { isRouteAllowed, type CurrentAgent } from '../../lib/permissions';
import { Icon } from '../../ui/icons';
import { bareList, focusRing } from '../../ui/recipes';
import { preloadAreaOf, ROUTES } from '../routes';
import { isCurrent, NAV_GROUPS } from './nav-items';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

const nav = css({
  position: 'sticky',
  top: '0',
  height: '100vh',
  flexShrink: 0,
  display: 'flex',
  flexDirection: 'column',
  bg: 'ink',
  color: 'gray.200',
  transition: 'width 150ms ease',
  zIndex: 35,
});
const wideNav = css({ width: 'navWide' });
const narrowNav = css({ width: 'navNarrow' });
const brand = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  height: 'topBar',
  px: '4',
  flexShrink: 0,
  color: 'white',
  fontWeight: 'bold',
  fontSize: 'lg',
  letterSpacing: 'tight',
  textDecoration: 'none',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'whiteAlpha.200',
  _focusVisible: { ...focusRing, outlineColor: 'white', outlineOffset: '-4px' },
});
const mark = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '7',
  height: '7',
  borderRadius: 'md',
  bg: 'brand',
  color: 'white',
  fontSize: 'sm',
  flexShrink: 0,
});
const scroller = css({ flex: '1', overflowY: 'auto', overflowX: 'hidden', py: '3' });
const groupLabel = css({
  px: '4',
  pt: '2.5',
  pb: '1',
  fontSize: '2xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: 'wider',
  color: 'gray.400',
});
const divider = css({ mx: '3', my: '2', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'whiteAlpha.200' });
const list = css(bareList, { px: '1.5' });
const link = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  px: '2.5',
  py: '1.5',
  my: '0.5',
  borderRadius: 'md',
  color: 'gray.200',
  fontSize: 'sm',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { bg: 'whiteAlpha.100', color: 'white' },
  _focusVisible: { ...focusRing, outlineColor: 'white', outlineOffset: '-2px' },
  '&[aria-current=page]': { bg: 'brand', color: 'white' },
  '& svg': { flexShrink: 0 },
});
const narrowLink = css({ justifyContent: 'center', px: '0' });
const labelText = css({ overflow: 'hidden', textOverflow: 'ellipsis' });
const hidden = css({ srOnly: true });
const toggle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  m: '2',
  px: '3',
  py: '2',
  borderRadius: 'md',
  bg: 'transparent',
  border: 'none',
  color: 'gray.300',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'whiteAlpha.100', color: 'white' },
  _focusVisible: { ...focusRing, outlineColor: 'white', outlineOffset: '-2px' },
});

const ALL_LINKS = NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to));

export function SideNav({ agent, collapsed, onToggle }: { agent: CurrentAgent; collapsed: boolean; onToggle: () => void }) {
  const [pathname] = useLocation();
  const groups = NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => isRouteAllowed(ROUTES, i.to, agent)) })).filter((g) => g.items.length > 0);

  return (
    <nav aria-label="Main" className={cx(nav, collapsed ? narrowNav : wideNav)} data-collapsed={collapsed ? '' : undefined}>
      {/* Named by what it shows ("Vigil") and a word for screen readers, not by an aria-label that
          leaves the visible name out (WCAG 2.5.3, axe label-content-name-mismatch). */}
      <Link to="/" className={cx(brand, collapsed && narrowLink)}>
        <span className={mark} aria-hidden="true">
          V
        </span>
        {collapsed ? (
          <VisuallyHidden>Vigil home</VisuallyHidden>
        ) : (
          <>
            <span>Vigil</span> <VisuallyHidden>home</VisuallyHidden>
          </>
        )}
      </Link>
      <div className={scroller} id="main-nav-links">
        {groups.map((group, index) => (
          <div key={group.label}>
            {collapsed ? (
              index > 0 ? (
                <div className={divider} aria-hidden="true" />
              ) : null
            ) : (
              <div className={groupLabel} aria-hidden="true">
                {group.label}
              </div>
            )}
            <ul className={list} aria-label={group.label}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={cx(link, collapsed && narrowLink)}
                    aria-current={isCurrent(item.to, pathname, ALL_LINKS) ? 'page' : undefined}
                    title={collapsed ? item.label : undefined}
                    // Pointing at or focusing a link fetches its area's code before the click.
                    onPointerEnter={() => preloadAreaOf(item.to)}
                    onFocus={() => preloadAreaOf(item.to)}
                  >
                    <Icon name={item.icon} size={18} />
                    <span className={collapsed ? hidden : labelText}>{item.label}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <button
        type="button"
        className={cx(toggle, collapsed && narrowLink)}
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-controls="main-nav-links"
        aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
      >
        <Icon name={collapsed ? 'expand' : 'collapse'} size={18} />
        {collapsed ? null : <span aria-hidden="true">Collapse</span>}
      </button>
    </nav>
  );
}
