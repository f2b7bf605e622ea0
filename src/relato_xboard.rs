//! O que o protocolo xboard faz enquanto a busca pensa: o relator que a
//! busca recebe dele (`TRelatorXboard`), que escreve as linhas de pensamento
//! (`post`) e decide o que fazer com cada linha que chega — `?` manda jogar
//! já, `.` pede `stat01:`, `ping` durante o ponder e a análise é respondido
//! na hora, `force` cancela o lance, o resto espera na fila, em ordem.
//!
//! Nível 10, abaixo de `xboard` (só ele o usa): depende de `relato`,
//! `pensamento`, `comandos_xboard`, `entrada` e `lance`. Antes isto morava
//! na `entrada`, e a busca respondia ao protocolo de dentro dela; agora a
//! busca só pergunta (`TRelator::consulta`) e a resposta é do protocolo.

use crate::comandos_xboard::{interpreta_comando, texto_do_lance, Comando};
use crate::entrada::{envia, trava, TFila, TFilaCompartilhada};
use crate::lance::{lance_para_texto, lance_para_texto_xboard_marcado, TLance};
use crate::pensamento::{falta_escolha, linha_stat01, linha_xboard, mostra_no_xboard};
use crate::relato::{TInfoBusca, TLinhaPensamento, TReacao, TRelator};
use log::debug;
use std::time::Instant;

/// O relator do xboard: a fila do protocolo e o `post` (mostrar as linhas
/// de pensamento?).
pub struct TRelatorXboard {
    pub fila: TFilaCompartilhada,
    pub post: bool,
    /// A última linha de pensamento mostrada nesta busca: a do lance
    /// jogado só sai se ela não for essa (`escolha`).
    pub ultima: Option<TLinhaPensamento>,
}

impl TRelator for TRelatorXboard {
    fn mostra(&self) -> bool {
        self.post
    }
    fn linha(&mut self, l: &TLinhaPensamento) {
        if mostra_no_xboard(l) {
            envia(&linha_xboard(l));
            self.ultima = Some(*l);
        }
    }
    /// A linha do lance do `move`, se a última mostrada não é ela: o XBoard
    /// mostra a última linha de pensamento como a do lance jogado (e a usa
    /// para adjudicar). Numa busca cancelada (`force`, `new`, um lance…) não
    /// há `move`, e a linha não sai.
    fn escolha(&mut self, l: &TLinhaPensamento) {
        if !self.post || trava(&self.fila).cancelou || !falta_escolha(self.ultima.as_ref(), l) {
            return;
        }
        envia(&linha_xboard(l));
        self.ultima = Some(*l);
    }
    /// O xboard não tem `currmove`: o lance da raiz sai no `stat01`.
    fn lance_atual(&mut self, _: i32, _: &TLance, _: usize, _: u64) {}
    fn aviso(&mut self, texto: &str) {
        envia(&format!("# {texto}"));
    }
    fn consulta(&mut self, info: &TInfoBusca) -> TReacao {
        verifica_entrada(&mut trava(&self.fila), info)
    }
    fn ouve(&self) -> bool {
        trava(&self.fila).rx.is_some()
    }
}

/// Põe uma linha no fim da fila, contando os canceladores.
pub fn enfileira(e: &mut TFila, linha: String, c: &Comando) {
    if cancela_lance(c) {
        e.canceladores += 1;
    }
    e.pendentes.push_back(linha);
}

/// Tira a primeira linha da fila (com o comando já interpretado).
pub fn desenfileira(e: &mut TFila) -> Option<(String, Comando)> {
    let linha = e.pendentes.pop_front()?;
    let c = interpreta_comando(&linha);
    if cancela_lance(&c) {
        e.canceladores = e.canceladores.saturating_sub(1);
    }
    Some((linha, c))
}

/// Como uma linha que chega durante a busca é tratada.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Efeito {
    /// Respondida aqui mesmo (ou ignorada): não vai para a fila.
    Feito,
    /// Vai para a fila; a busca continua.
    Fila,
    /// Vai para a fila e cancela a busca (o lance dela não vale).
    Cancela,
    /// `?`: pare e jogue o melhor lance até aqui.
    JogaJa,
    /// O lance esperado do ponder chegou.
    Acerto,
}

/// Comandos que só mudam o que vale depois (relógio, informações, opções de
/// saída): nunca interrompem o motor pensando no próprio lance nem o ponder.
fn so_informativo(c: &Comando) -> bool {
    matches!(
        c,
        Comando::Vazia
            | Comando::Hard
            | Comando::Time(_)
            | Comando::Otim(_)
            | Comando::Post
            | Comando::NoPost
            | Comando::Nome(_)
            | Comando::Rating(..)
            | Comando::Computador
            | Comando::Aceito(_)
            | Comando::Rejeitado(_)
            | Comando::Aleatorio
            | Comando::Ics(_)
            | Comando::Empate
            | Comando::Bk
            | Comando::Ping(_)
            | Comando::Hint
    )
}

/// Com o motor pensando no próprio lance, este comando invalida o lance?
/// (`force`, `new`, `quit`, `result`, desfazer, outra posição, um lance…)
/// O resto (relógio, `level`, `memory`, `option`, comandos desconhecidos…)
/// espera o lance: a especificação prefere que o motor não jogue antes da
/// hora só porque chegou um comando.
pub fn cancela_lance(c: &Comando) -> bool {
    matches!(
        c,
        Comando::Novo
            | Comando::Sair
            | Comando::Force
            | Comando::Resultado { .. }
            | Comando::Undo
            | Comando::Remove
            | Comando::SetBoard(_)
            | Comando::Edit
            | Comando::UserMove(_)
            | Comando::Lance(_)
            | Comando::Analyze
            | Comando::Brancas
            | Comando::Negras
            | Comando::PlayOther
            | Comando::Variante(_)
    )
}

/// Decide o efeito de uma linha durante a busca (ver `verifica_entrada`).
fn efeito(c: &Comando, info: &TInfoBusca, linha: &str) -> Efeito {
    if info.analisando {
        // Na análise nada fica esperando: a busca não termina sozinha, então
        // qualquer coisa que precise do laço do protocolo para a busca, que
        // recomeça depois (com a posição ou as opções novas).
        return match c {
            Comando::Ponto => {
                envia(&linha_stat01(info));
                Efeito::Feito
            }
            Comando::Ping(n) => {
                envia(&format!("pong {n}"));
                Efeito::Feito
            }
            Comando::Interroga | Comando::Vazia => Efeito::Feito,
            _ => Efeito::Cancela,
        };
    }
    if info.ponderando {
        return match c {
            Comando::Interroga | Comando::Ponto | Comando::Vazia => Efeito::Feito,
            Comando::Ping(n) => {
                // "Pondering does not count": responde já e continua.
                envia(&format!("pong {n}"));
                Efeito::Feito
            }
            Comando::Hint => {
                envia(&format!(
                    "Hint: {}",
                    lance_para_texto_xboard_marcado(&info.lance_ponder)
                ));
                Efeito::Feito
            }
            _ => {
                if let Some(m) = texto_do_lance(c) {
                    // O roque do 960 chega `O-O` (ou `0-0`) ou "rei toma a torre".
                    let xb = lance_para_texto_xboard_marcado(&info.lance_ponder);
                    if m.to_ascii_lowercase() == lance_para_texto(&info.lance_ponder)
                        || m.replace('0', "O") == xb
                    {
                        return Efeito::Acerto;
                    }
                }
                if so_informativo(c) {
                    Efeito::Fila
                } else {
                    // `easy`, um lance diferente, `force`, `new`…: o ponder
                    // acaba e o laço decide (ele recomeça se ainda couber).
                    debug!("ponder interrompido por: {linha}");
                    Efeito::Cancela
                }
            }
        };
    }
    // Pensando no próprio lance.
    match c {
        Comando::Interroga => Efeito::JogaJa,
        Comando::Ponto => Efeito::Feito,
        _ if cancela_lance(c) => Efeito::Cancela,
        _ => Efeito::Fila,
    }
}

/// Olha (sem bloquear) o que chegou e decide o que a busca faz. As linhas
/// que não se resolvem aqui vão para `pendentes`, na ordem em que chegaram,
/// e o laço do protocolo as processa quando a busca volta.
pub fn verifica_entrada(e: &mut TFila, info: &TInfoBusca) -> TReacao {
    let mut reacao = TReacao::Continua;
    while let Some(Ok(linha)) = e.rx.as_ref().map(|rx| rx.try_recv()) {
        let c = interpreta_comando(&linha);
        if e.cancelou {
            // Já se pediu para parar: o resto espera na fila, em ordem.
            enfileira(e, linha, &c);
            reacao = TReacao::Para;
            continue;
        }
        // No ponder, `ping` e `hint` respondem na hora mesmo com informativos
        // (`time`, `otim`…) na fila: eles não mudam nada visível antes do
        // lance do oponente. Com algo que cancela na fila (`cancelou`), tudo
        // espera em ordem (acima).
        let ef = efeito(&c, info, &linha);
        match ef {
            Efeito::Feito => {}
            Efeito::Fila => enfileira(e, linha, &c),
            Efeito::Cancela => {
                enfileira(e, linha, &c);
                e.cancelou = true;
                reacao = TReacao::Para;
            }
            Efeito::JogaJa => {
                if reacao == TReacao::Continua {
                    reacao = TReacao::Para;
                }
            }
            Efeito::Acerto => {
                e.instante_hit = Some(Instant::now());
                // O resto da entrada fica para a próxima consulta, que já
                // verá a busca fora do ponder.
                return TReacao::PonderHit;
            }
        }
    }
    reacao
}
