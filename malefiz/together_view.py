"""What the players see of a game between devices (:mod:`malefiz.together`): what the game waits for, the panel
of the devices with the invitations, replies and play links to hand over, and the invitation to join."""

from __future__ import annotations

import html
from typing import Any, Final

from .core.errors import ColourName, MalefizError
from .core.session import Session
from .core.setup import MAX_NAME, Games, Seat, Setup, seat_label
from .i18n import Translator
from .reactions import REACTIONS
from .shelf import described, latest_card
from .together import WATCHERS, Peer, Together

__all__ = [
    "KEPT",
    "device_name",
    "follower_html",
    "invite_html",
    "join_html",
    "kept_html",
    "panel_html",
    "person",
    "reactions_heard",
    "waiting_text",
]

KEPT: Final = "together:"
"""The setup screen's name of a game between devices kept (its code after it), beside the shelf's games' ids."""


def waiting_text(together: Together, t: Translator) -> str:
    """What this device waits for (empty: nothing, it is this device's turn or the game is over)."""
    table = together.table
    if table is None:
        return t("together.waiting_start")
    if together.rematching:
        return t("together.waiting_rematch", names=", ".join(person(together, n, t) for n in together.rematch_waits()))
    if table.asked == len(table.match.actions):  # a take-back asked for: the host's device takes it
        return t("together.waiting_back", host=person(together, table.match.names[0], t))
    wait = table.waiting()
    if wait.parts:
        return t("together.waiting_die", name=person(together, table.match.names[wait.parts[0]], t))
    if wait.device is not None:
        session = table.session
        assert session is not None
        seat = session.state.current_seat
        computer = session.setup.seats[seat].kind not in ("human", "remote")
        if together.following and seat in session.seen_from:  # this browser's, in the tab that plays
            return t(
                "together.computer_elsewhere" if computer else "together.waiting_elsewhere",
                name=session.seat_name(seat),
            )
        if computer:  # the host's computer (for one who left too)
            return t(
                "together.waiting_computer",
                host=person(together, table.match.names[0], t),
                name=session.seat_name(seat),
            )
        return t("together.waiting_move", name=session.seat_name(seat))
    return ""


def person(together: Together, name: str, t: Translator) -> str:
    """A person's name as shown: a seat nobody named has its colour's English name (``Yellow``, the setup's
    default) and is called by its colour in ``t``'s language (``Gelb``).

    The names travel between devices as the host's setup has them; each device says them in its own language.
    """
    said = together.setup.spoken(name)
    return t.colour(said, capital=True) if isinstance(said, ColourName) else name


def device_name(together: Together, device: int, name: str, t: Translator) -> str:
    """How a device is called: its person's name, else *Watcher 1* (a device invited to watch) or *Device 2*."""
    if name:
        return person(together, name, t)
    return t("together.watcher_n", n=device - WATCHERS + 1) if device >= WATCHERS else t("together.device", n=device)


def panel_html(together: Together, t: Translator) -> str:
    """The panel of the devices: each one's state and what to hand over to it; the play link when a player is
    not connected; *Invite someone to watch* for the host."""
    rows: list[str] = []
    table = together.table
    for device, peer in sorted(together.peers.items()):
        if device == 0 and together.role != "host" and peer.state == "new":
            continue
        who = device_name(together, device, peer.name, t)
        if peer.seat is None and together.role == "host" and peer.name:
            who = t("together.watcher", name=who)
        gone = table is not None and device in table.gone
        unreachable = peer.unreachable and peer.state != "open"
        state = "state_unreachable" if unreachable else f"state_{peer.state}"
        state = _left(peer.state) if gone else f"together.{state}"
        row = f'<li data-peer="{device}"><b>{html.escape(who)}</b>'
        row += f' <span class="peer-state">{html.escape(t(state))}</span>'
        handed = unreachable and (table is not None or bool(peer.anchor))  # without a connection it is no more use
        if peer.link and peer.state != "open" and not handed:  # (one the computer plays for: to watch again)
            handover = _handover_html(together, device, peer, t)
            if table is not None and peer.state == "closed" and together.role == "host":  # folded: the board first
                again = html.escape(t("together.reconnect", name=who))
                handover = f'<details data-keep="reconnect-{device}"><summary>{again}</summary>{handover}</details>'
            row += handover
        over = table is not None and table.session is not None and table.session.state.is_over
        if together.role == "host" and table is not None and peer.seat is not None and not gone and not over:
            wait = table.waiting()
            waits = device in wait.parts or wait.device == device
            if together.asking == device and peer.state == "open" and waits:  # else: gone, or it played meanwhile
                row += _asking_html(device, who, t)
            elif peer.state != "open" or waits:
                label = html.escape(t("together.handover", name=who))
                button = f'<p><button type="button" data-action="handover" data-id="{device}">{label}</button></p>'
                if peer.state == "open":  # connected and thinking, most likely: offered only to one who looks for it
                    slow = html.escape(t("together.slow", name=who))
                    button = f'<details data-keep="slow-{device}"><summary>{slow}</summary>{button}</details>'
                row += button
        rows.append(row + "</li>")
    here = together.invitation.device if together.invitation is not None else None
    table = together.table
    for peer in together.roster if together.role != "host" else ():
        if peer.device in (0, here) or (peer.seat is None and peer.state != "open"):
            continue  # the host's row is this device's own channel; a watcher is listed once it watches
        who = device_name(together, peer.device, peer.name, t)
        who = t("together.watcher", name=who) if peer.seat is None and peer.name else who
        state = f"together.state_{'offered' if peer.state == 'new' else peer.state}"
        state = html.escape(t(_left(peer.state) if table is not None and peer.device in table.gone else state))
        rows.append(
            f'<li data-peer="{peer.device}"><b>{html.escape(who)}</b> <span class="peer-state">{state}</span></li>'
        )
    extra = ""
    if table is not None and together.role != "host" and together.me is not None and together.me in table.gone:
        extra += (
            f"<p>{html.escape(t('together.computer_plays_you', host=person(together, table.match.names[0], t)))}</p>"
        )
    next_device = table.next_device() if table is not None else None
    if table is not None and next_device is not None and next_device != together.me and together.me is not None:
        ahead = together.peers.get(next_device) if together.role == "host" else together.peers.get(0)
        replying = together.role != "host" and ahead is not None and bool(ahead.link) and not ahead.unreachable
        if (ahead is None or ahead.state != "open") and not replying:  # (a guest's reply first: one link at a time)
            name = person(together, table.match.names[next_device], t)
            by_link = "together.by_link" if together.role == "host" else "together.by_link_guest"  # who invites
            by_link = "together.by_link_only" if ahead is not None and ahead.unreachable else by_link
            extra += (
                f'<p>{html.escape(t(by_link, name=name))}</p><p class="handover"><input readonly'
                f' value="{html.escape(together.play_link())}" data-link-text aria-label="{html.escape(name)}">'
                f" {_copy_html(t, t('together.share_play', game=together.setup.game.title))}</p>"
            )
    if together.role == "host":
        watch = html.escape(t("together.invite_watcher"))
        extra += f'<p><button type="button" data-action="watch">{watch}</button></p>'
        if together.stun:
            extra += f'<p class="note">{html.escape(t("together.across_on", server=together.stun))}</p>'
        elif any(  # (a device without a network is not helped by the STUN server)
            p.state != "open" and not p.unreachable and (table is None or d not in table.gone)
            for d, p in together.peers.items()
        ):
            note = html.escape(t("together.across_note", server=together.stun_server))
            extra += (
                f'<details data-keep="across"><summary>{html.escape(t("together.across_ask"))}</summary>'
                f'<p class="note">{note}</p><p><button type="button" data-action="across">'
                f"{html.escape(t('together.across'))}</button></p></details>"
            )
    title = html.escape(t("together.title"))
    return (
        f'<section class="together"><h2>{title}</h2>{_reactions_html(together, t)}<ul>{"".join(rows)}</ul>{extra}'
        "</section>"
    )


def follower_html(t: Translator, between: bool = True) -> str:
    """The panel of a tab that follows a game another tab of this browser plays (:meth:`malefiz.one_tab.OneTab.held`;
    ``between``: a game between devices): where the game is played, and *Play here instead*, which takes it from
    that tab (between devices its channels close: the devices connect to this one anew)."""
    title = f"<h2>{html.escape(t('together.title'))}</h2>" if between else ""
    here = html.escape(t("together.play_here"))
    note = html.escape(t("together.play_here_note" if between else "tabs.play_here_note"))
    return (
        f'<section class="together">{title}<p>{html.escape(t("together.elsewhere"))}</p>'
        f'<details data-keep="play-here"><summary>{here}</summary><p class="note">{note}</p>'
        f'<p><button type="button" data-action="play-here">{here}</button></p></details></section>'
    )


def _left(state: str) -> str:
    """What a device's row says of one the computer plays for, connected (``state`` "open": to watch) or not."""
    return "together.computer_watches" if state == "open" else "together.computer_plays"


def _reactions_html(together: Together, t: Translator) -> str:
    """A tap sends a reaction to the others (:data:`~malefiz.reactions.REACTIONS`), once the game has begun."""
    if together.table is None or together.sender is None:
        return ""
    label = html.escape(t("together.react"))
    buttons = "".join(
        f'<button type="button" data-action="react" data-id="{i}">{html.escape(t(f"react.{reaction}"))}</button>'
        for i, reaction in enumerate(REACTIONS)
    )
    return f'<p class="reactions" role="group" aria-label="{label}" title="{label}">{buttons}</p>'


def reactions_heard(together: Together, t: Translator) -> tuple[str, bool]:
    """The reactions sent or received since the last screen, with who sent them (``Ben: Nice move!``; this device's
    own ``You: Good luck!``), once: they are taken from :attr:`~malefiz.together.Together.reactions`; and whether
    one of them came from another device (the page then sounds a short ding)."""
    heard = together.reactions.take()
    said = []
    for device, index in heard[-3:]:
        if device == together.sender:
            who = t("together.you")
        else:
            peers = together.peers if together.role == "host" else {p.device: p for p in together.roster}
            peer = peers.get(device)
            names = together.table.match.names if together.table is not None else ()
            name = peer.name if peer is not None else names[device] if device < len(names) else ""
            who = device_name(together, device, name, t)  # (a play link's sender: its name in the game)
        said.append(t("together.reacted", who=who, words=t(f"react.{REACTIONS[index]}")))
    return " · ".join(said), any(device != together.sender for device, _ in heard)


def _copy_html(t: Translator, said: str) -> str:
    """*Copy* for the link beside it (it says *Copied* for a moment once the link is on the clipboard), and
    *Share…*, which hands the link with the words ``said`` (for the person it goes to) to the device's share sheet:
    a messenger or mail in two taps. *Share…* shows only where the browser has a share sheet (``html[data-can-share]``,
    set by the page)."""
    copied = html.escape(t("together.copied"))
    return (
        f'<button type="button" data-action="copy" data-copied="{copied}">{html.escape(t("together.copy"))}</button>'
        f' <button type="button" class="share" data-action="share" data-share-text="{html.escape(said)}"'
        f' title="{html.escape(t("together.share_title"))}">{html.escape(t("together.share"))}</button>'
    )


def _asking_html(device: int, who: str, t: Translator) -> str:
    """The host is asked whether the computer is to play for ``who``, still connected."""
    yes, no = html.escape(t("together.handover_yes")), html.escape(t("together.handover_no"))
    return (
        f'<p role="alert">{html.escape(t("together.handover_ask", name=who))}</p><p><button type="button"'
        f' data-action="handover" data-id="{device}">{yes}</button> <button type="button" data-action="handover"'
        f' data-id="0">{no}</button></p>'
    )


def _handover_html(together: Together, device: int, peer: Peer, t: Translator) -> str:
    """What to hand over: the host's invitation (and where to paste the reply), or the guest's reply."""
    link = html.escape(peer.link)
    name = device_name(together, device, peer.name, t)
    reply = "together.send_reply" if together.table is None else "together.send_reply_again"  # the game runs
    send = t("together.send_invite" if together.role == "host" else reply, name=name)
    game = together.setup.game.title
    plays = peer.seat is not None and not (together.table is not None and device in together.table.gone)
    said = (
        t("together.share_reply", game=game)
        if together.role != "host"
        else t("together.share_invite" if plays else "together.share_watch", game=game)
    )
    parts = [
        f'<p>{html.escape(send)}</p><p class="handover"><input readonly value="{link}" data-link-text'
        f' aria-label="{html.escape(send)}"> {_copy_html(t, said)}</p><div class="qr" data-qr="{link}"></div>'
    ]
    if together.role == "host":
        paste = html.escape(t("together.paste_reply", name=name))
        parts.append(
            f'<p><label>{paste}<br><input name="reply-{device}" autocomplete="off" spellcheck="false"></label>'
            f' <button type="button" data-action="reply" data-id="{device}">'
            f"{html.escape(t('together.connect'))}</button></p>"
        )
    return "".join(parts)


def join_html(together: Together, t: Translator) -> str:
    """The guest's first view: who invites them to what, their name, *Join* (or *Watch*)."""
    invitation = together.invitation
    if invitation is None or together.role == "host" or together.peers[0].state != "new":
        return ""
    game = together.setup.game.title
    if invitation.seat is None:
        what, button, name = (
            t("together.invited_watch", host=person(together, invitation.host, t), game=game),
            "together.watch",
            "",
        )
    else:
        seat: Seat = together.setup.seats[invitation.seat]
        what = t(
            "together.invited",
            host=person(together, invitation.host, t),
            game=game,
            seat=seat_label(seat, (seat.colour,), t),
        )
        button = "together.join"
        name = (
            f'<label>{html.escape(t("together.your_name"))} <input name="join-name"'
            f' value="{html.escape(together.name)}" placeholder="{html.escape(t.colour(seat.colour, capital=True))}"'
            f' maxlength="{MAX_NAME}"></label> '
        )
    return (
        f'<section class="together"><p>{html.escape(what)}</p><p>{name}<button type="button"'
        f' data-action="join">{html.escape(t(button))}</button></p></section>'
    )


def invite_html(s: Session, shown: bool, t: Translator) -> str:
    """*Play with other devices* in a game on this device (none once it is over): with ``shown``, a button per seat
    to offer it to a person on another device, and one to invite someone to watch."""
    if s.state.is_over:
        return ""
    expanded = "true" if shown else "false"
    menu = (
        f'<p><button type="button" data-action="invite-menu" aria-expanded="{expanded}">'
        f"{html.escape(t('together.invite_menu'))}</button></p>"
    )
    if not shown:
        return menu
    seats = "".join(
        f'<li><button type="button" data-action="invite" data-id="{i}">'
        f"{html.escape(t('together.invite_seat', seat=s.seat_name(i)))}</button></li>"
        for i in range(len(s.setup.seats))
    )
    watch = html.escape(t("together.invite_watcher"))
    seats += f'<li><button type="button" data-action="invite" data-id="-1">{watch}</button></li>'
    note = html.escape(t("together.invite_note"))
    return f'{menu}<section class="together-invite"><p class="note">{note}</p><ul>{seats}</ul></section>'


def kept_html(code: str, doc: dict[str, Any], games: Games, t: Translator, now: float) -> str:
    """A game between devices kept in this browser (its :func:`~malefiz.together_keep.keep` document with what was
    last seen of it), for the top of the setup screen as the shelf's latest game is shown: *Back to the game* and
    *Delete*; "" for a document that cannot be read so."""
    try:
        seen = doc["seen"]
        setup = Setup.from_query(doc["match"]["setup"], games)
        assert setup is not None
        moves_when = (int(seen["moves"]), float(seen["when"]))
    except (AssertionError, MalefizError, ValueError, KeyError, TypeError):
        return ""
    found = described(setup.game, setup.board, setup.seats, seen.get("position"), moves_when, t, now)
    buttons = [("continue", t("together.back")), ("delete", t("shelf.delete"))]
    return latest_card(f"{KEPT}{code}", t("together.kept"), found, buttons)
