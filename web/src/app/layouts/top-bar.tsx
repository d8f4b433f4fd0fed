import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import TopNavigation, { type TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { isLanguage, languages, type Language } from '@shared/messages.ts';
import type { LoginUser } from '@shared/schemas/auth.ts';
import { currentLanguage, setLanguage } from '@/lib/i18n/index.ts';
import { setVisualMode, useVisualMode } from '@/lib/visual-mode.ts';

/** Menu item ids double as Cloudscape's data-testid of the item. */
export const menuIds = {
  language: (language: string) => `language-${language}`,
  profile: 'user-menu-profile',
  manual: 'user-menu-manual',
  dark: 'user-menu-dark-mode',
  compact: 'user-menu-compact-mode',
  signOut: 'sign-out',
} as const;

/**
 * The top navigation: product name, language switch (always, also before sign-in) and, when signed
 * in, the user menu with sign-out.
 */
export function TopBar({ user, onSignOut, onLanguageChange, onVisualModeChange, signingOut = false }: {
  user?: LoginUser;
  onSignOut?: () => void;
  /** Called after the UI switched, e.g. to save the choice for the signed-in user. */
  onLanguageChange?: (language: Language) => void;
  /** Called after dark mode or compact density was switched, to save it for the signed-in user. */
  onVisualModeChange?: (change: { visual_mode?: 'light' | 'dark'; density?: 'comfortable' | 'compact' }) => void;
  signingOut?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const visual = useVisualMode();
  const language = currentLanguage();
  const languageName = t(`languages.${language}`);
  const [identityRef, titleHidden] = useIdentityTitleHidden();

  const languageMenu: TopNavigationProps.MenuDropdownUtility = {
    type: 'menu-dropdown',
    text: languageName,
    iconName: 'globe',
    title: t('nav.language'),
    ariaLabel: t('nav.languageMenu', { name: languageName }),
    disableUtilityCollapse: true,
    items: languages.map((code) => ({
      id: menuIds.language(code),
      text: t(`languages.${code}`),
      lang: code,
      itemType: 'checkbox' as const,
      checked: code === language,
    })),
    onItemClick: ({ detail }) => {
      const chosen = detail.id.replace(/^language-/, '');
      if (!isLanguage(chosen)) return;
      setLanguage(chosen);
      onLanguageChange?.(chosen);
    },
  };

  const utilities: TopNavigationProps.Utility[] = [languageMenu];
  if (user) {
    utilities.push({
      type: 'menu-dropdown',
      text: user.user_nm || user.user_id,
      description: `${user.kyk_id} / ${user.user_id}`,
      iconName: 'user-profile',
      ariaLabel: t('nav.userMenu', { name: user.user_nm || user.user_id }),
      disableUtilityCollapse: true,
      items: [
        { id: menuIds.profile, text: t('nav.profile'), href: '/profile' },
        { id: menuIds.manual, text: t('nav.manual'), href: '/manual', iconName: 'support' },
        { id: menuIds.dark, text: t('nav.darkMode'), itemType: 'checkbox', checked: visual.dark },
        { id: menuIds.compact, text: t('nav.compactMode'), itemType: 'checkbox', checked: visual.compact },
        { id: menuIds.signOut, text: signingOut ? t('nav.signingOut') : t('nav.signOut'), iconName: 'sign-out', disabled: signingOut },
      ],
      onItemFollow: (event) => {
        if (!event.detail.href) return;
        event.preventDefault();
        navigate(event.detail.href);
      },
      onItemClick: ({ detail }) => {
        if (detail.id === menuIds.dark) {
          setVisualMode({ dark: !visual.dark });
          onVisualModeChange?.({ visual_mode: visual.dark ? 'light' : 'dark' });
        } else if (detail.id === menuIds.compact) {
          setVisualMode({ compact: !visual.compact });
          onVisualModeChange?.({ density: visual.compact ? 'comfortable' : 'compact' });
        }
        else if (detail.id === menuIds.signOut) onSignOut?.();
      },
    });
  }

  return (
    <div id="top-nav" className="top-nav" data-testid="top-nav" ref={identityRef}>
      <TopNavigation
        identity={{
          href: user ? '/storage' : '/login',
          title: t('app.productName'),
          // Narrow screens show the logo alone: then it names the link (else it would repeat the title).
          logo: { src: '/favicon.svg', alt: titleHidden ? t('app.productName') : '' },
          onFollow: (event) => {
            event.preventDefault();
            navigate(user ? '/storage' : '/login');
          },
        }}
        utilities={utilities}
        i18nStrings={{ overflowMenuTriggerText: t('nav.overflowMenu'), overflowMenuTitleText: t('nav.overflowMenu'), overflowMenuDismissIconAriaLabel: t('nav.overflowDismiss') }}
      />
    </div>
  );
}

/**
 * Whether TopNavigation shows the logo without the product name (it drops the title when the bar is
 * narrow, e.g. at 320 px): its identity link then has no text, so the logo's alt must name it.
 */
function useIdentityTitleHidden(): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // Only the link on screen: the bar also renders a hidden copy of itself for measuring.
    const check = () =>
      setHidden(
        [...root.querySelectorAll<HTMLElement>('a:has(> img)')]
          .filter((link) => !link.closest('[aria-hidden="true"]') && link.checkVisibility({ visibilityProperty: true }))
          .some((link) => link.textContent?.trim() === ''),
      );
    check();
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true });
    const resized = new ResizeObserver(check);
    resized.observe(root);
    return () => {
      observer.disconnect();
      resized.disconnect();
    };
  }, []);
  return [ref, hidden];
}
